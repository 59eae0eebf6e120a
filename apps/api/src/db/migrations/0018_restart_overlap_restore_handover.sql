ALTER TABLE "backup_restores" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "simulated_applications" ADD COLUMN "replaced_pods" jsonb;