-- Reports weigh, not hide (decision 057): a report's "counts for auto-hide" becomes "weighs" (old rows keep their
-- flag); each report keeps its reporter's network and age session; identified notices wait for their e-mail link.
ALTER TABLE "moderation_reports" RENAME COLUMN "counts_for_auto_hide" TO "weighs";--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "network_hash" text;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "age_session_hash" text;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "confirm_token_hash" text;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "confirm_expires_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "moderation_reports" ADD COLUMN "confirmed_at" timestamp with time zone;--> statement-breakpoint
CREATE UNIQUE INDEX "moderation_reports_confirm_token_uq" ON "moderation_reports" USING btree ("confirm_token_hash") WHERE "confirm_token_hash" is not null;--> statement-breakpoint
CREATE INDEX "moderation_reports_network_idx" ON "moderation_reports" USING btree ("network_hash","created_at");--> statement-breakpoint
CREATE INDEX "moderation_reports_model_idx" ON "moderation_reports" USING btree ("model_id","created_at");--> statement-breakpoint
ALTER TABLE "moderation_cases" ADD COLUMN "reports_false" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Notices sent before this change were never confirmed by e-mail; they keep their weight flag as it was.
UPDATE "moderation_reports" SET "confirmed_at" = "created_at" WHERE "source" = 'notice';
