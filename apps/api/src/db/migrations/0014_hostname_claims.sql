-- Issue 24: one owner per host name on the whole platform. Written by hand around the generated
-- statements (as 0004): the data must satisfy the new unique indexes before they are created.
DROP INDEX "deployments_host_label_key";--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "domain_claimed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "domain_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "domain_proof" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "domain_token" text DEFAULT replace(gen_random_uuid()::text, '-', '') NOT NULL;--> statement-breakpoint
-- Domains as the API now stores them: trimmed, lower case, no trailing dot; '' means none.
UPDATE "deployments" SET "nom_de_domaine" = nullif(lower(rtrim(btrim("nom_de_domaine"), '.')), '')
  WHERE "nom_de_domaine" IS NOT NULL;--> statement-breakpoint
UPDATE "deployments" SET "domain_claimed_at" = "created_at" WHERE "nom_de_domaine" IS NOT NULL;--> statement-breakpoint
-- Several applications held one name (taken over, or typed twice): the oldest keeps it; each
-- other one loses the domain (and the certificate chosen for it), says why on its page and in
-- its project's audit log, and is applied again so its route or Ingress for the name goes.
INSERT INTO "audit_events" ("project_id", "action", "target_type", "target_id", "target_name", "details")
  SELECT "project_id", 'deployment.domain_released', 'deployment', "id"::text, "nom",
    jsonb_build_object('domaine', "nom_de_domaine", 'raison', 'deja_utilise_par_une_application_plus_ancienne')
  FROM (
    SELECT "id", "project_id", "nom", "nom_de_domaine",
      row_number() OVER (PARTITION BY "nom_de_domaine" ORDER BY "created_at", "id") AS "rank"
    FROM "deployments" WHERE "nom_de_domaine" IS NOT NULL
  ) AS "holders" WHERE "rank" > 1;--> statement-breakpoint
UPDATE "deployments" AS d SET
  "nom_de_domaine" = NULL,
  "domain_claimed_at" = NULL,
  "certificat_tls_id" = NULL,
  "generation" = d."generation" + 1,
  "next_attempt_at" = now(),
  "events" = (jsonb_build_array(jsonb_build_object(
    'at', to_char(now() AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'message', 'Nom de domaine ' || h."nom_de_domaine" || ' retiré : une application plus ancienne de la plateforme l''utilisait déjà (un nom de domaine n''appartient qu''à une seule application).'
  )) || d."events") #- '{20}'
  FROM (
    SELECT "id", "nom_de_domaine",
      row_number() OVER (PARTITION BY "nom_de_domaine" ORDER BY "created_at", "id") AS "rank"
    FROM "deployments" WHERE "nom_de_domaine" IS NOT NULL
  ) AS h WHERE d."id" = h."id" AND h."rank" > 1;--> statement-breakpoint
-- The domains kept were served before proofs of control existed: they stay served.
UPDATE "deployments" SET "domain_verified_at" = now(), "domain_proof" = 'existing'
  WHERE "nom_de_domaine" IS NOT NULL;--> statement-breakpoint
-- A host label now stays taken while its application is being deleted: a deleting row that
-- shares its label with another row (the label was given again) takes a suffixed one (its
-- runtime objects are found by id, never by label).
UPDATE "deployments" AS d SET "host_label" = left(d."host_label", 56) || '-' || substr(md5(d."id"::text), 1, 6)
  FROM (
    SELECT "id", row_number() OVER (
      PARTITION BY "host_label" ORDER BY ("desired_state" = 'present') DESC, "created_at", "id"
    ) AS "rank" FROM "deployments"
  ) AS l WHERE d."id" = l."id" AND l."rank" > 1;--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_domain_key" ON "deployments" USING btree (lower(rtrim("nom_de_domaine", '.'))) WHERE "deployments"."nom_de_domaine" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "deployments_host_label_key" ON "deployments" USING btree ("host_label");
