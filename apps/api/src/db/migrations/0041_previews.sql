CREATE TABLE "preview_settings" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"cpu_milli" integer NOT NULL,
	"ram_mb" integer NOT NULL,
	"delete_delay_minutes" integer DEFAULT 0 NOT NULL,
	"idle_stop_hours" integer,
	"databases" text DEFAULT 'vide' NOT NULL,
	"env_vars" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"api_url" text,
	"status_token_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "previews" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"source_deployment_id" uuid NOT NULL,
	"project_id" uuid NOT NULL,
	"environment_id" uuid,
	"deployment_id" uuid,
	"provider" text NOT NULL,
	"number" integer NOT NULL,
	"title" text NOT NULL,
	"url" text,
	"repository" text NOT NULL,
	"head_repository_url" text NOT NULL,
	"head_branch" text NOT NULL,
	"head_sha" text NOT NULL,
	"from_fork" boolean DEFAULT false NOT NULL,
	"approved" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'open' NOT NULL,
	"message" text,
	"delete_at" timestamp with time zone,
	"creating_until" timestamp with time zone,
	"idle_check_at" timestamp with time zone,
	"comment_id" text,
	"reported" text,
	"report_due_at" timestamp with time zone,
	"report_attempts" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "preview_settings" ADD CONSTRAINT "preview_settings_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "preview_settings" ADD CONSTRAINT "preview_settings_status_token_id_git_tokens_id_fk" FOREIGN KEY ("status_token_id") REFERENCES "public"."git_tokens"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_source_deployment_id_deployments_id_fk" FOREIGN KEY ("source_deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_environment_id_environments_id_fk" FOREIGN KEY ("environment_id") REFERENCES "public"."environments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "previews" ADD CONSTRAINT "previews_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "previews_source_number_key" ON "previews" USING btree ("source_deployment_id","number");--> statement-breakpoint
CREATE INDEX "previews_project_idx" ON "previews" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "previews_deployment_idx" ON "previews" USING btree ("deployment_id");--> statement-breakpoint
CREATE INDEX "previews_report_due_idx" ON "previews" USING btree ("report_due_at") WHERE "previews"."report_due_at" is not null;--> statement-breakpoint
CREATE INDEX "previews_idle_check_idx" ON "previews" USING btree ("idle_check_at") WHERE "previews"."idle_check_at" is not null;--> statement-breakpoint
CREATE INDEX "previews_delete_at_idx" ON "previews" USING btree ("delete_at") WHERE "previews"."delete_at" is not null;