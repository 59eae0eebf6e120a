ALTER TABLE "backup_restores" ADD COLUMN "heartbeat_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
-- Two restores into one application could run at once before this index: the older ones fail.
UPDATE "backup_restores" r SET "status" = 'failed', "completed_at" = now(), "error" = 'Interrompue : une autre restauration de cette application a été lancée.'
WHERE r."status" = 'running' AND r."kind" <> 'test' AND EXISTS (
  SELECT 1 FROM "backup_restores" n WHERE n."target_deployment_id" = r."target_deployment_id"
    AND n."status" = 'running' AND n."kind" <> 'test' AND n."started_at" > r."started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "backup_restores_one_running_key" ON "backup_restores" USING btree ("target_deployment_id") WHERE "backup_restores"."status" = 'running' AND "backup_restores"."kind" <> 'test';