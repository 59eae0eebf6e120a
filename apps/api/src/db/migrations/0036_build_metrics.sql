CREATE TABLE "build_metric_samples" (
	"build_id" uuid NOT NULL,
	"at" timestamp with time zone NOT NULL,
	"cpu_milli" integer NOT NULL,
	"ram_mb" integer NOT NULL,
	"simulated" boolean DEFAULT false NOT NULL,
	CONSTRAINT "build_metric_samples_build_id_at_pk" PRIMARY KEY("build_id","at")
);
--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "peak_cpu_milli" integer;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "peak_ram_mb" integer;--> statement-breakpoint
ALTER TABLE "builds" ADD COLUMN "metrics_notice" text;--> statement-breakpoint
ALTER TABLE "build_metric_samples" ADD CONSTRAINT "build_metric_samples_build_id_builds_id_fk" FOREIGN KEY ("build_id") REFERENCES "public"."builds"("id") ON DELETE cascade ON UPDATE no action;