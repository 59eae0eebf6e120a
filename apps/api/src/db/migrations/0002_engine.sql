CREATE TABLE "builds" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deployment_id" uuid,
	"project_id" uuid NOT NULL,
	"application_name" text NOT NULL,
	"kind" text NOT NULL,
	"image_url" text NOT NULL,
	"image_tag" text NOT NULL,
	"status" text NOT NULL,
	"is_standalone" integer DEFAULT 0 NOT NULL,
	"repository_url" text,
	"branch" text,
	"error_message" text,
	"runtime" text NOT NULL,
	"started_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_applications" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"namespace" text NOT NULL,
	"replicas" integer NOT NULL,
	"images" jsonb NOT NULL,
	"pod_generation" integer DEFAULT 1 NOT NULL,
	"pod_starts" jsonb NOT NULL,
	"port" integer NOT NULL,
	"failure" text,
	"cpu_milli" integer NOT NULL,
	"ram_mb" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "simulated_environments" (
	"namespace" text PRIMARY KEY NOT NULL,
	"environment_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "runtime_name" text DEFAULT 'app-' || substr(md5(random()::text), 1, 10) NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "images" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "attempts" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "lease_owner" text;--> statement-breakpoint
ALTER TABLE "environments" ADD COLUMN "lease_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "projects" ADD COLUMN "deleting_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "builds" ADD CONSTRAINT "builds_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builds_project_idx" ON "builds" USING btree ("project_id","started_at");--> statement-breakpoint
CREATE INDEX "builds_status_idx" ON "builds" USING btree ("status");