CREATE TABLE "banned_emails" (
	"email_hash" text PRIMARY KEY NOT NULL,
	"model_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_cases" (
	"id" serial PRIMARY KEY NOT NULL,
	"model_id" integer,
	"photo_id" integer,
	"kind" text NOT NULL,
	"priority" smallint DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'open' NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"auto_hidden" boolean DEFAULT false NOT NULL,
	"decision" text,
	"decision_reason" text,
	"decided_by" integer,
	"decided_at" timestamp with time zone,
	"legal_hold" boolean DEFAULT false NOT NULL,
	"appeal_text" text,
	"appealed_at" timestamp with time zone,
	"appeal_outcome" text,
	"appeal_reason" text,
	"appeal_decided_by" integer,
	"appeal_decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_report_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_evidence" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"model_id" integer,
	"photo_id" integer,
	"file_key" text NOT NULL,
	"sha256" text NOT NULL,
	"metadata" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"held_until" timestamp with time zone NOT NULL,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "moderation_reports" (
	"id" serial PRIMARY KEY NOT NULL,
	"case_id" integer NOT NULL,
	"model_id" integer,
	"photo_id" integer,
	"category" text NOT NULL,
	"text" text DEFAULT '' NOT NULL,
	"contact" text DEFAULT '' NOT NULL,
	"source" text NOT NULL,
	"reporter_hash" text,
	"day" date NOT NULL,
	"counts_for_auto_hide" boolean DEFAULT true NOT NULL,
	"notifier_name" text,
	"notifier_email" text,
	"notifier_role" text,
	"url" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
DROP INDEX "models_public_order_idx";--> statement-breakpoint
DROP INDEX "models_public_city_idx";--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "moderation_status" text DEFAULT 'none' NOT NULL;--> statement-breakpoint
ALTER TABLE "models" ADD COLUMN "photos_frozen_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "photos" ADD COLUMN "moderation_hidden_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_model_id_models_id_fk" FOREIGN KEY ("model_id") REFERENCES "public"."models"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_decided_by_admins_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD CONSTRAINT "moderation_cases_appeal_decided_by_admins_id_fk" FOREIGN KEY ("appeal_decided_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_evidence" ADD CONSTRAINT "moderation_evidence_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_evidence" ADD CONSTRAINT "moderation_evidence_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD CONSTRAINT "moderation_reports_case_id_moderation_cases_id_fk" FOREIGN KEY ("case_id") REFERENCES "public"."moderation_cases"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_cases_open_item_uq" ON "moderation_cases" USING btree ("model_id",coalesce("photo_id", 0),"kind") WHERE "moderation_cases"."status" = 'open';--> statement-breakpoint
CREATE INDEX "moderation_cases_queue_idx" ON "moderation_cases" USING btree ("status","priority","created_at");--> statement-breakpoint
CREATE INDEX "moderation_cases_model_idx" ON "moderation_cases" USING btree ("model_id","created_at");--> statement-breakpoint
CREATE INDEX "moderation_evidence_case_idx" ON "moderation_evidence" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "moderation_evidence_held_idx" ON "moderation_evidence" USING btree ("held_until");--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_once_a_day_uq" ON "moderation_reports" USING btree ("model_id",coalesce("photo_id", 0),"reporter_hash","day") WHERE "moderation_reports"."reporter_hash" is not null;--> statement-breakpoint
CREATE INDEX "moderation_reports_case_idx" ON "moderation_reports" USING btree ("case_id");--> statement-breakpoint
CREATE INDEX "moderation_reports_reporter_idx" ON "moderation_reports" USING btree ("reporter_hash","created_at");--> statement-breakpoint
CREATE INDEX "models_public_order_idx" ON "models" USING btree ("is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."deleted_at" is null and "models"."moderation_status" = 'none';--> statement-breakpoint
CREATE INDEX "models_public_city_idx" ON "models" USING btree ("municipio_id","is_featured" DESC NULLS FIRST,"id" DESC NULLS FIRST,"next_due_date") WHERE "models"."is_active" and "models"."deleted_at" is null and "models"."moderation_status" = 'none';--> statement-breakpoint
-- Moderation hides a model (moderation_status other than 'none'), so a change of it moves the public data version
-- like the other columns of the visibility rule.
DROP TRIGGER IF EXISTS "models_public_data_version_update" ON "models";--> statement-breakpoint
CREATE CONSTRAINT TRIGGER "models_public_data_version_update"
  AFTER UPDATE OF "is_active", "deleted_at", "next_due_date", "name", "age", "estado_id",
    "municipio_id", "category_id", "description", "services", "is_featured", "search_text",
    "height", "weight", "measurements", "whatsapp", "phone", "instagram", "rates", "is_verified",
    "moderation_status"
  ON "models" DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW
  WHEN ((OLD."is_active" AND OLD."deleted_at" IS NULL AND OLD."next_due_date" >= current_date - 2)
     OR (NEW."is_active" AND NEW."deleted_at" IS NULL AND NEW."next_due_date" >= current_date - 2))
  EXECUTE FUNCTION "bump_public_data_version"();
