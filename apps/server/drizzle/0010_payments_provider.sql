CREATE TABLE "job_runs" (
	"name" text PRIMARY KEY NOT NULL,
	"last_run_at" timestamp with time zone,
	"state" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
ALTER TABLE "model_payments" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "model_payments" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_payments" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "model_payments" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "model_payments" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "preference_id" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_status" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "provider_checked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flag" text;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "flagged_at" timestamp with time zone;--> statement-breakpoint
CREATE INDEX "model_payments_open_idx" ON "model_payments" USING btree ("created_at") WHERE "model_payments"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "orders_open_idx" ON "orders" USING btree ("created_at") WHERE "orders"."status" = 'pending';