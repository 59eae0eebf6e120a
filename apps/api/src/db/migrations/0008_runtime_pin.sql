CREATE TABLE "platform_runtime" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"runtime" text NOT NULL,
	"target" text NOT NULL,
	"pinned_at" timestamp with time zone DEFAULT now() NOT NULL,
	"repinned_at" timestamp with time zone,
	"previous" text,
	CONSTRAINT "platform_runtime_single_row" CHECK ("platform_runtime"."id" = 1)
);
--> statement-breakpoint
ALTER TABLE "deployments" ADD COLUMN "runtime" text;