-- Trusted notifiers (decision 061): organisations the admin registers, each with its own sign-in, whose urgent
-- report holds a profile at once; each report keeps the notifier that sent it.
CREATE TABLE "trusted_notifiers" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"kind" text NOT NULL,
	"email" text NOT NULL,
	"password_hash" text,
	"status" text DEFAULT 'invited' NOT NULL,
	"session_version" integer DEFAULT 0 NOT NULL,
	"setup_token_hash" text,
	"setup_expires_at" timestamp with time zone,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"revoked_at" timestamp with time zone,
	"last_report_at" timestamp with time zone,
	CONSTRAINT "trusted_notifiers_status_check" CHECK ("trusted_notifiers"."status" in ('invited', 'active', 'revoked'))
);--> statement-breakpoint
ALTER TABLE "trusted_notifiers" ADD CONSTRAINT "trusted_notifiers_created_by_admins_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."admins"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_notifiers_email_uq" ON "trusted_notifiers" USING btree ("email");--> statement-breakpoint
CREATE UNIQUE INDEX "trusted_notifiers_setup_token_uq" ON "trusted_notifiers" USING btree ("setup_token_hash") WHERE "trusted_notifiers"."setup_token_hash" is not null;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "trusted_notifier_id" integer;--> statement-breakpoint
CREATE INDEX "moderation_reports_trusted_notifier_idx" ON "moderation_reports" USING btree ("trusted_notifier_id","created_at") WHERE "moderation_reports"."trusted_notifier_id" is not null;
