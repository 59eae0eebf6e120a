CREATE TABLE "registry_credentials" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"registry" text NOT NULL,
	"username" text NOT NULL,
	"password_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "registry_credential_id" uuid;--> statement-breakpoint
ALTER TABLE "registry_credentials" ADD CONSTRAINT "registry_credentials_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "registry_credentials" ADD CONSTRAINT "registry_credentials_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "registry_credentials_project_idx" ON "registry_credentials" USING btree ("project_id");--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_registry_credential_id_registry_credentials_id_fk" FOREIGN KEY ("registry_credential_id") REFERENCES "public"."registry_credentials"("id") ON DELETE no action ON UPDATE no action;