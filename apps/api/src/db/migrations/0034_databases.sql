CREATE TABLE "database_links" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"database_id" uuid NOT NULL,
	"application_id" uuid NOT NULL,
	"variable" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "database_links" ADD CONSTRAINT "database_links_database_id_deployments_id_fk" FOREIGN KEY ("database_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "database_links" ADD CONSTRAINT "database_links_application_id_deployments_id_fk" FOREIGN KEY ("application_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "database_links_pair_key" ON "database_links" USING btree ("database_id","application_id");--> statement-breakpoint
CREATE UNIQUE INDEX "database_links_variable_key" ON "database_links" USING btree ("application_id","variable");--> statement-breakpoint
CREATE INDEX "database_links_database_idx" ON "database_links" USING btree ("database_id");