CREATE TABLE "platform_incidents" (
	"key" text PRIMARY KEY NOT NULL,
	"title" text NOT NULL,
	"detail" text NOT NULL,
	"opened_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone,
	"repeats" integer DEFAULT 0 NOT NULL,
	"open_mailed" boolean DEFAULT false NOT NULL,
	"close_mailed" boolean DEFAULT false NOT NULL,
	"locked_until" timestamp with time zone
);
