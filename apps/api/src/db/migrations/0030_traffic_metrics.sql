CREATE TABLE "traffic_reads" (
	"id" smallint PRIMARY KEY NOT NULL,
	"cursor" text,
	"read_at" timestamp with time zone,
	"source" text,
	"notice" text,
	"rolled_5m_until" timestamp with time zone,
	"rolled_1h_until" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "traffic_rollups" (
	"deployment_id" uuid NOT NULL,
	"step_seconds" smallint NOT NULL,
	"bucket_at" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL,
	"status_2xx" integer NOT NULL,
	"status_3xx" integer NOT NULL,
	"status_4xx" integer NOT NULL,
	"status_5xx" integer NOT NULL,
	"duration_buckets" integer[] NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "traffic_rollups_deployment_id_step_seconds_bucket_at_pk" PRIMARY KEY("deployment_id","step_seconds","bucket_at")
);
--> statement-breakpoint
CREATE TABLE "traffic_samples" (
	"deployment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"requests" integer NOT NULL,
	"status_2xx" integer NOT NULL,
	"status_3xx" integer NOT NULL,
	"status_4xx" integer NOT NULL,
	"status_5xx" integer NOT NULL,
	"duration_buckets" integer[] NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "traffic_samples_at_deployment_id_pk" PRIMARY KEY("at","deployment_id")
);
--> statement-breakpoint
ALTER TABLE "traffic_rollups" ADD CONSTRAINT "traffic_rollups_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "traffic_samples" ADD CONSTRAINT "traffic_samples_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;