import { z } from "zod";
import { idSchema } from "./common";
import { ANALYTICS_MAX_IDS, ANALYTICS_PERIODS } from "./analytics-plain";

export * from "./analytics-plain";

const ids = (what: string) =>
  z
    .array(idSchema(`${what} inválido`), { error: `Lista de ${what.toLowerCase()}s inválida` })
    .max(ANALYTICS_MAX_IDS, `No máximo ${ANALYTICS_MAX_IDS} ids por envio`)
    .optional();

/**
 * POST /api/analytics/events: what one public page view saw, sent once when the page view ends. `impressions`: the
 * models whose card was shown on a list page; `card_clicks`: the models whose card was clicked (list → profile);
 * `lightbox_opens`: the photos opened in a profile's lightbox. Ids of models or photos not public now are ignored.
 */
export const AnalyticsEventsBodySchema = z.strictObject(
  {
    impressions: ids("Modelo"),
    card_clicks: ids("Modelo"),
    lightbox_opens: ids("Foto"),
  },
  { error: "Envio inválido" },
);
export type AnalyticsEventsBody = z.infer<typeof AnalyticsEventsBodySchema>;

/** GET /api/models/analytics?dias=7|30|90 */
export const AnalyticsQuerySchema = z.object({
  dias: z
    .preprocess(
      (v) => (v === undefined || v === "" ? undefined : Number(v)),
      z.union(
        ANALYTICS_PERIODS.map((n) => z.literal(n)),
        { error: "Período inválido: use 7, 30 ou 90 dias" },
      ),
    )
    .default(30),
});
export type AnalyticsQuery = z.infer<typeof AnalyticsQuerySchema>;

const count = z.number().int().nonnegative();
/** Clicks per impression (0 to 1 and more only if clicks came without counted impressions), null without impressions. */
const rate = z.number().nonnegative().nullable();

export const AnalyticsFiguresSchema = z.object({
  card_impressions: count,
  card_clicks: count,
  profile_views: count,
  contact_whatsapp: count,
  contact_phone: count,
  contact_instagram: count,
});
export type AnalyticsFigures = z.infer<typeof AnalyticsFiguresSchema>;

/** The median of her city's public advertisers for a day or the period (every public advertiser, zero when silent). */
export const AnalyticsMedianSchema = z.object({
  card_impressions: z.number().nonnegative(),
  card_clicks: z.number().nonnegative(),
  profile_views: z.number().nonnegative(),
  contacts: z.number().nonnegative(),
});
export type AnalyticsMedian = z.infer<typeof AnalyticsMedianSchema>;

export const AnalyticsDaySchema = AnalyticsFiguresSchema.extend({
  /** The São Paulo day, YYYY-MM-DD. */
  day: z.string(),
  city_median: AnalyticsMedianSchema.nullable(),
});
export type AnalyticsDay = z.infer<typeof AnalyticsDaySchema>;

export const AnalyticsPhotoSchema = z.object({
  photo_id: z.number().int(),
  lightbox_opens: count,
  cover_impressions: count,
  cover_clicks: count,
  cover_click_rate: rate,
});
export type AnalyticsPhoto = z.infer<typeof AnalyticsPhotoSchema>;

export const AnalyticsResponseSchema = z.object({
  days: z.number().int(),
  from: z.string(),
  to: z.string(),
  series: z.array(AnalyticsDaySchema),
  totals: AnalyticsFiguresSchema.extend({ contacts: count, click_rate: rate }),
  city: z.object({
    name: z.string().nullable(),
    /** Public advertisers in her city now (she included when she is public). */
    advertisers: count,
    /** Whether the city is compared (at least ANALYTICS_CITY_MIN_ADVERTISERS public advertisers). */
    compared: z.boolean(),
    median_totals: AnalyticsMedianSchema.nullable(),
  }),
  /** Her current photos, each with its figures over the period (zeros when none). */
  photos: z.array(AnalyticsPhotoSchema),
});
export type AnalyticsResponse = z.infer<typeof AnalyticsResponseSchema>;
