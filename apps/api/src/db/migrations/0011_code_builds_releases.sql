CREATE TABLE "git_tokens" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"project_id" uuid NOT NULL,
	"nom" text NOT NULL,
	"token_sealed" text NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "build_log_lines" (
	"build_id" uuid NOT NULL,
	"seq" integer NOT NULL,
	"line" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "build_log_lines_build_id_seq_pk" PRIMARY KEY("build_id","seq")
);
--> statement-breakpoint
CREATE TABLE "releases" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"deployment_id" uuid NOT NULL,
	"numero" integer NOT NULL,
	"build_id" uuid,
	"image_url" text NOT NULL,
	"image_tag" text NOT NULL,
	"image_digest" text NOT NULL,
	"commit_sha" text NOT NULL,
	"commit_message" text,
	"branch" text NOT NULL,
	"configuration" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "builds" ALTER COLUMN "started_at" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "numero" integer;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "trigger" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "commit_sha" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "commit_message" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "image_digest" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "build_args" jsonb;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "cancel_requested" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "claimed_by" text;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "heartbeat_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "log_lines" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "source_kind" text DEFAULT 'template' NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "git_token_id" uuid;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "build_args" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "port" integer;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "env_vars" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "webhook_secret_sealed" text;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "current_release_id" uuid;--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "current_release_numero" integer;--> statement-breakpoint
ALTER TABLE "git_tokens" ADD CONSTRAINT "git_tokens_project_id_projects_id_fk" FOREIGN KEY ("project_id") REFERENCES "public"."projects"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "git_tokens" ADD CONSTRAINT "git_tokens_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "build_log_lines" ADD CONSTRAINT "build_log_lines_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "releases" ADD CONSTRAINT "releases_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "git_tokens_project_idx" ON "git_tokens" USING btree ("project_id");--> statement-breakpoint
CREATE UNIQUE INDEX "releases_deployment_numero_key" ON "releases" USING btree ("deployment_id","numero");--> statement-breakpoint
ALTER TABLE "deployments" ADD CONSTRAINT "deployments_git_token_id_git_tokens_id_fk" FOREIGN KEY ("git_token_id") REFERENCES "public"."git_tokens"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "builds_deployment_idx" ON "builds" USING btree ("deployment_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "builds_deployment_numero_key" ON "builds" USING btree ("deployment_id","numero") WHERE "builds"."numero" is not null;