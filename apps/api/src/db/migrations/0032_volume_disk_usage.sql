ALTER TABLE "metric_monitors" ADD COLUMN "disk_notice" text;--> statement-breakpoint
ALTER TABLE "metric_rollups" ADD COLUMN "disk_used_mb" integer;--> statement-breakpoint
ALTER TABLE "metric_rollups" ADD COLUMN "disk_percent" smallint;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD COLUMN "disk_used_mb" integer;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD COLUMN "disk_percent" smallint;