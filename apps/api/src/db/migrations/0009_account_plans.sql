ALTER TABLE "users" ADD COLUMN "plan" text DEFAULT 'decouverte' NOT NULL;--> statement-breakpoint
ALTER TABLE "users" ADD COLUMN "plan_since" timestamp with time zone DEFAULT now() NOT NULL;