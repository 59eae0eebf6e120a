ALTER TABLE "backups" ALTER COLUMN "deployment_id" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "backups" ADD COLUMN "retained_source" jsonb;--> statement-breakpoint
ALTER TABLE "backups" ADD CONSTRAINT "backups_attached_or_retained" CHECK ("backups"."deployment_id" IS NOT NULL OR "backups"."retained_source" IS NOT NULL);