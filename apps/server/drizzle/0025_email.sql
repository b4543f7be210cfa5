CREATE TABLE "email_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"purpose" text NOT NULL,
	"token_hash" text NOT NULL,
	"model_id" integer,
	"admin_id" integer,
	"email" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "email_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"to_address" text NOT NULL,
	"subject" text NOT NULL,
	"text_body" text NOT NULL,
	"html_body" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text,
	"sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "models_public_order_idx";--> statement-breakpoint
DROP INDEX "models_public_city_idx";--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "email_confirmed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "email_notifications_off" text[] DEFAULT '{}'::text[] NOT NULL;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "email_tokens" ADD CONSTRAINT "email_tokens_admin_id_admins_id_fk" FOREIGN KEY ("admin_id") REFERENCES "public"."admins"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "email_tokens_model_idx" ON "email_tokens" USING btree ("model_id");--> statement-breakpoint
CREATE INDEX "email_tokens_admin_idx" ON "email_tokens" USING btree ("admin_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("next_attempt_at") WHERE "mail_outbox"."status" = 'pending';--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."is_verified" and "models"."email_confirmed_at" is not null and "models"."deleted_at" is null and "models"."moderation_status" = 'none';--> statement-breakpoint
CREATE INDEX "models_public_city_idx" ON "models" USING btree ("municipio_id","is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."is_verified" and "models"."email_confirmed_at" is not null and "models"."deleted_at" is null and "models"."moderation_status" = 'none';--> statement-breakpoint
-- Accounts registered before e-mail confirmation existed count as confirmed: they were never asked, and hiding
-- every advertiser until she finds a link she was never sent would punish her for the change (decision 048).
UPDATE "models" SET "email_confirmed_at" = "created_at" WHERE "deleted_at" IS NULL;--> statement-breakpoint
-- A confirmed e-mail is part of the visibility rule, so its change moves the public data version like the
-- other columns of the rule (same margin as 0005).
DROP TRIGGER IF EXISTS "models_public_data_version_update" ON "models";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_update"
  AFTER UPDATE OF "is_active", "deleted_at", "next_due_date", "name", "age", "estado_id",
    "municipio_id", "category_id", "description", "services", "is_featured", "search_text",
    "height", "weight", "measurements", "whatsapp", "phone", "instagram", "rates", "is_verified",
    "moderation_status", "email_confirmed_at"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD."is_active" AND OLD."deleted_at" IS NULL AND OLD."next_due_date" >= current_date - 2)
     OR (NEW."is_active" AND NEW."deleted_at" IS NULL AND NEW."next_due_date" >= current_date - 2))
  EXECUTE FUNCTION "bump_public_data_version"();
