ALTER TABLE "model_payments" ADD COLUMN "idempotency_admin_id" integer;--> statement-breakpoint
ALTER TABLE "model_payments" ADD COLUMN "idempotency_key" text;--> statement-breakpoint
ALTER TABLE "model_payments" ADD COLUMN "idempotency_digest" text;--> statement-breakpoint
ALTER TABLE "model_payments" ADD CONSTRAINT "model_payments_idempotency_admin_id_admins_id_fk" FOREIGN KEY ("idempotency_admin_id") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "model_payments_idempotency_uq" ON "model_payments" USING btree ("idempotency_admin_id","idempotency_key");