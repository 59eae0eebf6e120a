CREATE TABLE "status_pages" (
	"project_id" uuid PRIMARY KEY NOT NULL,
	"token" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "status_pages_token_unique" UNIQUE("token")
);
--> statement-breakpoint
CREATE TABLE "uptime_checks" (
	"deployment_id" uuid NOT NULL,
	"slot_at" timestamp with time zone NOT NULL,
	"ok" boolean NOT NULL,
	"status_code" smallint,
	"duration_ms" integer NOT NULL,
	"reason" text,
	CONSTRAINT "uptime_checks_deployment_id_slot_at_pk" PRIMARY KEY("deployment_id","slot_at")
);
--> statement-breakpoint
CREATE TABLE "uptime_days" (
	"deployment_id" uuid NOT NULL,
	"day" date NOT NULL,
	"checks" integer DEFAULT 0 NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "uptime_days_deployment_id_day_pk" PRIMARY KEY("deployment_id","day")
);
--> statement-breakpoint
CREATE TABLE "uptime_incidents" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deployment_id" uuid NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"ended_at" timestamp with time zone,
	"reason" text NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL
);
--> statement-breakpoint
CREATE TABLE "uptime_monitors" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"path" text DEFAULT '/' NOT NULL,
	"expected_status" smallint,
	"timeout_ms" integer DEFAULT 10000 NOT NULL,
	"next_check_at" timestamp with time zone NOT NULL,
	"last_slot_at" timestamp with time zone,
	"last_ok" boolean,
	"consecutive_failures" integer DEFAULT 0 NOT NULL,
	"failing_since" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "status_pages" ADD CONSTRAINT "status_pages_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uptime_checks" ADD CONSTRAINT "uptime_checks_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uptime_days" ADD CONSTRAINT "uptime_days_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uptime_incidents" ADD CONSTRAINT "uptime_incidents_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uptime_monitors" ADD CONSTRAINT "uptime_monitors_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "uptime_incidents_deployment_idx" ON "uptime_incidents" USING btree ("deployment_id","started_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uptime_incidents_open_key" ON "uptime_incidents" USING btree ("deployment_id") WHERE "uptime_incidents"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "uptime_monitors_due_idx" ON "uptime_monitors" USING btree ("next_check_at");