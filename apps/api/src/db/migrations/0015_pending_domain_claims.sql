-- Issue 24: a pending claim of a custom domain reserves nothing. Several applications may claim
-- one name while none has proved control; the first proof takes it (modules/dns/take-domain.ts).
-- The unique index now covers verified names only; the background check finds pending claims
-- by their next check.
DROP INDEX "deployments_domain_key";--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "domain_next_check_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "domain_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "domain_check_result" text;--> statement-breakpoint
CREATE INDEX "deployments_domain_claims_idx" ON "deployments" USING btree (lower(rtrim("nom_de_domaine", '.'))) WHERE "deployments"."nom_de_domaine" is not null and "deployments"."domain_verified_at" is null;--> statement-breakpoint
CREATE INDEX "deployments_domain_check_idx" ON "deployments" USING btree ("domain_next_check_at") WHERE "deployments"."domain_next_check_at" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_domain_key" ON "deployments" USING btree (lower(rtrim("nom_de_domaine", '.'))) WHERE "deployments"."nom_de_domaine" is not null and "deployments"."domain_verified_at" is not null;--> statement-breakpoint
-- Claims pending today are looked at by the first pass of the background check.
UPDATE "deployments" SET "domain_next_check_at" = now()
  WHERE "nom_de_domaine" IS NOT NULL AND "domain_verified_at" IS NULL;
