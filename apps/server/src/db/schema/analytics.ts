/**
 * The advertiser's analytics (migration 0045, decision 077): daily totals per model and per photo, per São Paulo
 * day. Nothing about a visitor is kept: no address, no visitor id, no row per view — only the day's sums, added in
 * batches by modules/analytics.
 */
import { date, index, integer, pgTable, primaryKey } from "drizzle-orm/pg-core";
import { models } from "./accounts";
import { photos } from "./photos";

/** One model's day: card impressions and clicks on list pages, profile views, contact clicks per channel. */
export const modelDailyStats = pgTable(
  "model_daily_stats",
  {
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    cardImpressions: integer("card_impressions").notNull().default(0),
    cardClicks: integer("card_clicks").notNull().default(0),
    profileViews: integer("profile_views").notNull().default(0),
    contactWhatsapp: integer("contact_whatsapp").notNull().default(0),
    contactPhone: integer("contact_phone").notNull().default(0),
    contactInstagram: integer("contact_instagram").notNull().default(0),
    /** The cover photo her card showed when the day's impressions and clicks were last added. */
    coverPhotoId: integer("cover_photo_id").references(() => photos.id, { onDelete: "set null" }),
  },
  (t) => [
    primaryKey({ name: "model_daily_stats_pk", columns: [t.modelId, t.day] }),
    index("model_daily_stats_day_idx").on(t.day),
  ],
);

/** One photo's day: opens in the profile's lightbox, and impressions and clicks of her card while it was the cover. */
export const photoDailyStats = pgTable(
  "photo_daily_stats",
  {
    photoId: integer("photo_id")
      .notNull()
      .references(() => photos.id, { onDelete: "cascade" }),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    day: date("day", { mode: "string" }).notNull(),
    lightboxOpens: integer("lightbox_opens").notNull().default(0),
    coverImpressions: integer("cover_impressions").notNull().default(0),
    coverClicks: integer("cover_clicks").notNull().default(0),
  },
  (t) => [
    primaryKey({ name: "photo_daily_stats_pk", columns: [t.photoId, t.day] }),
    index("photo_daily_stats_model_day_idx").on(t.modelId, t.day),
    index("photo_daily_stats_day_idx").on(t.day),
  ],
);
