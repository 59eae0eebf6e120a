-- Applications created before host labels existed keep their runtime name as label (unique per id).
ALTER TABLE "deployments" ADD COLUMN "host_label" text;--> statement-breakpoint
UPDATE "deployments" SET "host_label" = "runtime_name" WHERE "host_label" IS NULL;--> statement-breakpoint
ALTER TABLE "deployments" ALTER COLUMN "host_label" SET NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_host_label_key" ON "deployments" USING btree ("host_label") WHERE "deployments"."desired_state" = 'present';
