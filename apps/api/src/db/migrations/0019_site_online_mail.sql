ALTER TABLE "deployments" ADD COLUMN "online_mail_sent_at" timestamp with time zone;--> statement-breakpoint
-- Applications already online before this mail existed are not told again.
UPDATE "deployments" SET "online_mail_sent_at" = "deployed_at" WHERE "deployed_at" IS NOT NULL;
