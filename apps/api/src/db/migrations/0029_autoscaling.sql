CREATE TABLE "autoscaling_policies" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"min_replicas" smallint NOT NULL,
	"max_replicas" smallint NOT NULL,
	"cpu_target_percent" smallint NOT NULL,
	"memory_target_percent" smallint,
	"next_decision_at" timestamp with time zone NOT NULL,
	"last_scale_up_at" timestamp with time zone,
	"last_scale_down_at" timestamp with time zone,
	"blocked_reason" text,
	"blocked_since" timestamp with time zone,
	"decisions" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"hpa_current" integer,
	"hpa_desired" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "autoscaling_policies" ADD CONSTRAINT "autoscaling_policies_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autoscaling_policies_due_idx" ON "autoscaling_policies" USING btree ("next_decision_at");