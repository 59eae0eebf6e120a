ALTER TABLE "deployments" ADD COLUMN "image_watch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "image_watch_next_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "image_watch_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "image_watch_digest" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "image_watch_error" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "image_watch_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "image_watch_hook_hash" text;--> statement-breakpoint
CREATE INDEX "deployments_image_watch_idx" ON "deployments" USING btree ("image_watch_next_at") WHERE "deployments"."image_watch_next_at" is not null;