ALTER TABLE "deployments" ADD COLUMN "desired_release_id" uuid;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "rollout_error" text;--> statement-breakpoint
ALTER TABLE "releases" ADD COLUMN "rollout_error" text;