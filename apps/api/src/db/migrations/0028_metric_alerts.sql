CREATE TABLE "metric_alert_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"rule_id" uuid NOT NULL,
	"deployment_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"value" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_alert_rules" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deployment_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"threshold" integer NOT NULL,
	"window_minutes" integer NOT NULL,
	"enabled" boolean DEFAULT true NOT NULL,
	"next_eval_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "metric_alert_incidents" ADD CONSTRAINT "metric_alert_incidents_rule_id_metric_alert_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."metric_alert_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_alert_incidents" ADD CONSTRAINT "metric_alert_incidents_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_alert_rules" ADD CONSTRAINT "metric_alert_rules_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_alert_incidents_deployment_idx" ON "metric_alert_incidents" USING btree ("deployment_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "metric_alert_incidents_open_key" ON "metric_alert_incidents" USING btree ("rule_id") WHERE "metric_alert_incidents"."ended_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "metric_alert_rules_kind_key" ON "metric_alert_rules" USING btree ("deployment_id","kind");--> statement-breakpoint
CREATE INDEX "metric_alert_rules_due_idx" ON "metric_alert_rules" USING btree ("next_eval_at");