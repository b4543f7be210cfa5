CREATE TABLE "identity_verifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer NOT NULL,
	"method" text NOT NULL,
	"status" text NOT NULL,
	"code" text,
	"document_type" text,
	"document_file_key" text,
	"selfie_file_key" text,
	"is_appeal" boolean DEFAULT false NOT NULL,
	"appeal_message" text,
	"verifier" text,
	"birth_date" date,
	"reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"submitted_at" timestamp with time zone,
	"files_delete_after" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "models_public_order_idx";--> statement-breakpoint
DROP INDEX "models_public_city_idx";--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "verified_birth_date" date;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "verification_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "identity_verifications" ADD CONSTRAINT "identity_verifications_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identity_verifications_open_uq" ON "identity_verifications" USING btree ("model_id") WHERE "identity_verifications"."status" in ('draft', 'pending');--> statement-breakpoint
CREATE INDEX "identity_verifications_model_idx" ON "identity_verifications" USING btree ("model_id","created_at");--> statement-breakpoint
CREATE INDEX "identity_verifications_queue_idx" ON "identity_verifications" USING btree ("submitted_at") WHERE "identity_verifications"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "identity_verifications_files_idx" ON "identity_verifications" USING btree ("files_delete_after") WHERE "identity_verifications"."files_delete_after" is not null;--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."is_verified" and "models"."deleted_at" is null and "models"."moderation_status" = 'none';--> statement-breakpoint
CREATE INDEX "models_public_city_idx" ON "models" USING btree ("municipio_id","is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."is_verified" and "models"."deleted_at" is null and "models"."moderation_status" = 'none';