CREATE TABLE "application_updates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deployment_id" uuid NOT NULL,
	"from_tag" text NOT NULL,
	"to_tag" text NOT NULL,
	"status" text DEFAULT 'backing_up' NOT NULL,
	"backup_id" uuid,
	"generation" integer,
	"error" text,
	"requested_by" uuid,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "application_updates" ADD CONSTRAINT "application_updates_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_updates" ADD CONSTRAINT "application_updates_backup_id_backups_id_fk" FOREIGN KEY ("backup_id") REFERENCES "public"."backups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "application_updates" ADD CONSTRAINT "application_updates_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "application_updates_deployment_idx" ON "application_updates" USING btree ("deployment_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "application_updates_one_running_key" ON "application_updates" USING btree ("deployment_id") WHERE "application_updates"."status" in ('backing_up', 'rolling_out');