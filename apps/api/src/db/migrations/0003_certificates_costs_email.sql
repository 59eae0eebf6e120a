CREATE TABLE "acme_accounts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"directory_url" text NOT NULL,
	"email" text NOT NULL,
	"account_key_sealed" text NOT NULL,
	"account_url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "acme_challenges" (
	"token" text PRIMARY KEY NOT NULL,
	"key_authorization" text NOT NULL,
	"certificate_id" uuid,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "certificates" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"nom" text NOT NULL,
	"nom_domaine" text NOT NULL,
	"description" text,
	"type" text NOT NULL,
	"statut" text NOT NULL,
	"certificate_pem" text,
	"private_key_sealed" text,
	"expires_at" timestamp with time zone,
	"not_before" timestamp with time zone,
	"issuer" text,
	"subject_alt_names" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"acme_email" text,
	"staging" boolean DEFAULT false NOT NULL,
	"wildcard" boolean DEFAULT false NOT NULL,
	"issuance" text,
	"last_error" text,
	"next_attempt_at" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_expires_at" timestamp with time zone,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "cost_snapshots" (
	"user_id" uuid NOT NULL,
	"month" text NOT NULL,
	"monthly_xof" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "cost_snapshots_user_id_month_pk" PRIMARY KEY("user_id","month")
);
--> statement-breakpoint
DROP INDEX "environments_project_name_key";--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_code_hash" text;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "pending_email_attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "acme_challenges" ADD CONSTRAINT "acme_challenges_certificate_id_certificates_id_fk" FOREIGN KEY ("certificate_id") REFERENCES "public"."certificates"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "certificates" ADD CONSTRAINT "certificates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "cost_snapshots" ADD CONSTRAINT "cost_snapshots_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "acme_accounts_directory_email_key" ON "acme_accounts" USING btree ("directory_url","email");--> statement-breakpoint
CREATE INDEX "certificates_project_idx" ON "certificates" USING btree ("project_id");--> statement-breakpoint
CREATE INDEX "certificates_work_idx" ON "certificates" USING btree ("next_attempt_at");--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_certificat_tls_id_certificates_id_fk" FOREIGN KEY ("certificat_tls_id") REFERENCES "public"."certificates"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "environments_project_name_key" ON "environments" USING btree ("project_id",lower("nom")) WHERE "environments"."status" <> 'deleting';