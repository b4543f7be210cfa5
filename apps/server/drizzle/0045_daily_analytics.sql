-- The advertiser's analytics (issue 31, decision 077): daily totals per model and per photo, nothing per visitor
-- (no address, no visitor id, no row per view). One row per model per São Paulo day, one per photo per day; the
-- server adds into them in batches (insert … on conflict do update set n = n + excluded.n), so several instances
-- add their own increments. Rows older than 400 days are deleted by the scheduled clean-up. Deleting a model or a
-- photo deletes its rows; a day's cover photo that is deleted leaves the day's totals without it.
CREATE TABLE "model_daily_stats" (
	"model_id" integer NOT NULL REFERENCES "models"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"card_impressions" integer DEFAULT 0 NOT NULL,
	"card_clicks" integer DEFAULT 0 NOT NULL,
	"profile_views" integer DEFAULT 0 NOT NULL,
	"contact_whatsapp" integer DEFAULT 0 NOT NULL,
	"contact_phone" integer DEFAULT 0 NOT NULL,
	"contact_instagram" integer DEFAULT 0 NOT NULL,
	"cover_photo_id" integer REFERENCES "photos"("id") ON DELETE SET NULL,
	CONSTRAINT "model_daily_stats_pk" PRIMARY KEY("model_id","day")
);
--> statement-breakpoint
-- The clean-up deletes by day across every model.
CREATE INDEX "model_daily_stats_day_idx" ON "model_daily_stats" USING btree ("day");--> statement-breakpoint
CREATE TABLE "photo_daily_stats" (
	"photo_id" integer NOT NULL REFERENCES "photos"("id") ON DELETE CASCADE,
	"model_id" integer NOT NULL REFERENCES "models"("id") ON DELETE CASCADE,
	"day" date NOT NULL,
	"lightbox_opens" integer DEFAULT 0 NOT NULL,
	"cover_impressions" integer DEFAULT 0 NOT NULL,
	"cover_clicks" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "photo_daily_stats_pk" PRIMARY KEY("photo_id","day")
);
--> statement-breakpoint
-- Her analytics read her photos' rows over a period; the clean-up deletes by day.
CREATE INDEX "photo_daily_stats_model_day_idx" ON "photo_daily_stats" USING btree ("model_id","day");--> statement-breakpoint
CREATE INDEX "photo_daily_stats_day_idx" ON "photo_daily_stats" USING btree ("day");
