ALTER TABLE "job_runs" ADD COLUMN "last_duration_ms" integer;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "consecutive_failures" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "last_error" text;--> statement-breakpoint
ALTER TABLE "job_runs" ADD COLUMN "last_error_at" timestamp with time zone;