CREATE TABLE "metric_monitors" (
	"deployment_id" uuid PRIMARY KEY NOT NULL,
	"next_sample_at" timestamp with time zone NOT NULL,
	"last_rx_bytes" bigint,
	"last_tx_bytes" bigint,
	"last_read_at" timestamp with time zone,
	"notice" text
);
--> statement-breakpoint
CREATE TABLE "metric_rollup_marks" (
	"step_seconds" smallint PRIMARY KEY NOT NULL,
	"rolled_until" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "metric_rollups" (
	"deployment_id" uuid NOT NULL,
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
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "metric_rollups_deployment_id_step_seconds_bucket_at_pk" PRIMARY KEY("deployment_id","step_seconds","bucket_at")
);
--> statement-breakpoint
CREATE TABLE "metric_samples" (
	"deployment_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_milli" integer NOT NULL,
	"ram_mb" integer NOT NULL,
	"rx_bps" integer,
	"tx_bps" integer,
	"restarts" integer,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "metric_samples_at_deployment_id_pk" PRIMARY KEY("at","deployment_id")
);
--> statement-breakpoint
ALTER TABLE "metric_monitors" ADD CONSTRAINT "metric_monitors_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_rollups" ADD CONSTRAINT "metric_rollups_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "metric_samples" ADD CONSTRAINT "metric_samples_deployment_id_deployments_id_fk" FOREIGN KEY ("deployment_id") REFERENCES "public"."deployments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "metric_monitors_due_idx" ON "metric_monitors" USING btree ("next_sample_at");