CREATE TABLE "metric_service_rollups" (
	"deployment_id" uuid NOT NULL,
	"service" text NOT NULL,
	"step_seconds" smallint NOT NULL,
	"bucket_at" timestamp with time zone NOT NULL,
	"samples" integer NOT NULL,
	"cpu_avg" integer NOT NULL,
	"cpu_max" integer NOT NULL,
	"ram_avg" integer NOT NULL,
	"ram_max" integer NOT NULL,
	"rx_avg" integer,
	"tx_avg" integer,
	"restarts" integer,
	"disk_used_mb" integer,
	"disk_percent" smallint,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "metric_service_rollups_deployment_id_service_step_seconds_bucket_at_pk" PRIMARY KEY("deployment_id","service","step_seconds","bucket_at")
);
--> statement-breakpoint
CREATE TABLE "metric_service_samples" (
	"deployment_id" uuid NOT NULL,
	"service" text NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_milli" integer NOT NULL,
	"ram_mb" integer NOT NULL,
	"rx_bps" integer,
	"tx_bps" integer,
	"restarts" integer,
	"disk_used_mb" integer,
	"disk_percent" smallint,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "metric_service_samples_at_deployment_id_service_pk" PRIMARY KEY("at","deployment_id","service")
);
--> statement-breakpoint
ALTER TABLE "metric_monitors" ADD COLUMN "last_service_bytes" jsonb;--> statement-breakpoint
ALTER TABLE "metric_service_rollups" ADD CONSTRAINT "metric_service_rollups_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_service_samples" ADD CONSTRAINT "metric_service_samples_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;