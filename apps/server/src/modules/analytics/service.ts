import {
  ANALYTICS_CITY_MIN_ADVERTISERS,
  type AnalyticsEventsBody,
  type AnalyticsMedian,
  type AnalyticsPeriod,
  type AnalyticsResponse,
} from "@vitrine/contracts";
import { and, asc, between, desc, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { perDatabase } from "../../db/per-database";
import { modelDailyStats, models, municipios, photoDailyStats, photos } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { rowsOf } from "../moderation/case-store";
import { isPubliclyVisible } from "../models/visibility";
import type { DailyStats } from "./daily-stats-store";

/**
 * Adds one beacon's events to the daily totals, for the ids public now only (the visibility rule of
 * models/visibility.ts): a card's impression or click counts for the model and for the cover photo her card shows
 * now (her primary photo while it is public); a lightbox open counts for a public photo of a public model. Unknown
 * and hidden ids are ignored without a word (the beacon is fire-and-forget).
 */
export async function addBeacon({
  db,
  stats,
  body,
}: {
  db: Db;
  stats: DailyStats;
  body: AnalyticsEventsBody;
}): Promise<void> {
  const impressions = [...new Set(body.impressions ?? [])];
  const clicks = [...new Set(body.card_clicks ?? [])];
  const opens = [...new Set(body.lightbox_opens ?? [])];
  const modelIds = [...new Set([...impressions, ...clicks])];
  const today = todayInSaoPaulo();
  const [cards, photoRows] = await Promise.all([
    modelIds.length === 0 ? [] : beaconStatements(db).covers.execute({ ids: `{${modelIds.join(",")}}`, today }),
    opens.length === 0 ? [] : beaconStatements(db).photos.execute({ ids: `{${opens.join(",")}}`, today }),
  ]);
  const cover = new Map(cards.map((row) => [row.id, row.cover]));
  for (const id of impressions) if (cover.has(id)) stats.addCard("impression", id, cover.get(id)!, today);
  for (const id of clicks) if (cover.has(id)) stats.addCard("click", id, cover.get(id)!, today);
  for (const row of photoRows) stats.addLightboxOpen(row.id, row.modelId, today);
}

/**
 * A beacon's two reads, prepared once per connection (one array parameter, the same statement for any number of
 * ids): a page view sends a beacon, so planning them per request would cost more than running them.
 */
const beaconStatements = perDatabase((db: Db) => ({
  covers: db
    .select({ id: models.id, cover: photos.id })
    .from(models)
    .leftJoin(photos, and(eq(photos.modelId, models.id), eq(photos.isPrimary, true), eq(photos.isPublic, true)))
    .where(and(sql`${models.id} = any(${sql.placeholder("ids")}::int[])`, isPubliclyVisible(sql.placeholder("today"))))
    .prepare("analytics_beacon_covers"),
  photos: db
    .select({ id: photos.id, modelId: photos.modelId })
    .from(photos)
    .innerJoin(models, eq(models.id, photos.modelId))
    .where(
      and(
        sql`${photos.id} = any(${sql.placeholder("ids")}::int[])`,
        eq(photos.isPublic, true),
        isPubliclyVisible(sql.placeholder("today")),
      ),
    )
    .prepare("analytics_beacon_photos"),
}));

const rate = (clicks: number, impressions: number) => (impressions > 0 ? clicks / impressions : null);

type MedianRow = {
  day: string;
  card_impressions: number | string;
  card_clicks: number | string;
  profile_views: number | string;
  contacts: number | string;
};

const median = (row: MedianRow): AnalyticsMedian => ({
  card_impressions: Number(row.card_impressions),
  card_clicks: Number(row.card_clicks),
  profile_views: Number(row.profile_views),
  contacts: Number(row.contacts),
});

/**
 * The median of her city's public advertisers (public now, by the visibility rule), per day and over the period:
 * every one of them counts, a day without a row as zero.
 */
async function cityMedians(db: Db, municipioId: number, from: string, to: string) {
  const cityModels = sql`SELECT ${models.id} AS id FROM ${models}
    WHERE ${models.municipioId} = ${municipioId} AND ${isPubliclyVisible(to)}`;
  const perDay = sql`SELECT c.id, d.day::date AS day,
      coalesce(s.card_impressions, 0) AS card_impressions, coalesce(s.card_clicks, 0) AS card_clicks,
      coalesce(s.profile_views, 0) AS profile_views,
      coalesce(s.contact_whatsapp + s.contact_phone + s.contact_instagram, 0) AS contacts
    FROM (${cityModels}) c
    CROSS JOIN generate_series(${from}::date, ${to}::date, interval '1 day') AS d(day)
    LEFT JOIN model_daily_stats s ON s.model_id = c.id AND s.day = d.day::date`;
  const medianOf = (column: string) =>
    sql.raw(`percentile_cont(0.5) WITHIN GROUP (ORDER BY ${column})::float8 AS ${column}`);
  const columns = sql.join(["card_impressions", "card_clicks", "profile_views", "contacts"].map(medianOf), sql`, `);
  const [days, totals] = await Promise.all([
    db.execute<MedianRow>(sql`SELECT to_char(day, 'YYYY-MM-DD') AS day, ${columns}
      FROM (${perDay}) x GROUP BY day ORDER BY day`),
    db.execute<MedianRow>(sql`SELECT '' AS day, ${columns} FROM (
        SELECT id, sum(card_impressions) AS card_impressions, sum(card_clicks) AS card_clicks,
          sum(profile_views) AS profile_views, sum(contacts) AS contacts
        FROM (${perDay}) y GROUP BY id) x`),
  ]);
  return {
    byDay: new Map(rowsOf<MedianRow>(days).map((row) => [row.day, median(row)])),
    total: rowsOf<MedianRow>(totals).map(median)[0] ?? null,
  };
}

/** Her analytics over the last `days` São Paulo days (today included). */
export async function readAnalytics({
  db,
  modelId,
  days,
  now = new Date(),
}: {
  db: Db;
  modelId: number;
  days: AnalyticsPeriod;
  now?: Date;
}): Promise<AnalyticsResponse> {
  const to = todayInSaoPaulo(now);
  const from = addDays(to, -(days - 1));
  const [[place], dayRows, photoRows] = await Promise.all([
    db
      .select({ municipioId: models.municipioId, name: municipios.nome })
      .from(models)
      .leftJoin(municipios, eq(municipios.id, models.municipioId))
      .where(eq(models.id, modelId)),
    db
      .select()
      .from(modelDailyStats)
      .where(and(eq(modelDailyStats.modelId, modelId), between(modelDailyStats.day, from, to))),
    db
      .select({
        photoId: photos.id,
        lightboxOpens: sql<number>`coalesce(sum(${photoDailyStats.lightboxOpens}), 0)::int`,
        coverImpressions: sql<number>`coalesce(sum(${photoDailyStats.coverImpressions}), 0)::int`,
        coverClicks: sql<number>`coalesce(sum(${photoDailyStats.coverClicks}), 0)::int`,
      })
      .from(photos)
      .leftJoin(photoDailyStats, and(eq(photoDailyStats.photoId, photos.id), between(photoDailyStats.day, from, to)))
      .where(eq(photos.modelId, modelId))
      .groupBy(photos.id)
      .orderBy(desc(photos.isPrimary), asc(photos.id)),
  ]);

  const municipioId = place?.municipioId ?? null;
  const [advertisers] = municipioId
    ? await db
        .select({ n: sql<number>`count(*)::int` })
        .from(models)
        .where(and(eq(models.municipioId, municipioId), isPubliclyVisible(to)))
    : [{ n: 0 }];
  const compared = municipioId !== null && advertisers!.n >= ANALYTICS_CITY_MIN_ADVERTISERS;
  const medians = compared ? await cityMedians(db, municipioId, from, to) : null;

  const byDay = new Map(dayRows.map((row) => [row.day, row]));
  const series: AnalyticsResponse["series"] = [];
  const totals = {
    card_impressions: 0,
    card_clicks: 0,
    profile_views: 0,
    contact_whatsapp: 0,
    contact_phone: 0,
    contact_instagram: 0,
  };
  for (let day = from; day <= to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    const figures = {
      card_impressions: row?.cardImpressions ?? 0,
      card_clicks: row?.cardClicks ?? 0,
      profile_views: row?.profileViews ?? 0,
      contact_whatsapp: row?.contactWhatsapp ?? 0,
      contact_phone: row?.contactPhone ?? 0,
      contact_instagram: row?.contactInstagram ?? 0,
    };
    for (const key of Object.keys(totals) as (keyof typeof totals)[]) totals[key] += figures[key];
    series.push({ day, ...figures, city_median: medians?.byDay.get(day) ?? null });
  }

  return {
    days,
    from,
    to,
    series,
    totals: {
      ...totals,
      contacts: totals.contact_whatsapp + totals.contact_phone + totals.contact_instagram,
      click_rate: rate(totals.card_clicks, totals.card_impressions),
    },
    city: {
      name: place?.name ?? null,
      advertisers: advertisers!.n,
      compared,
      median_totals: medians?.total ?? null,
    },
    photos: photoRows.map((row) => ({
      photo_id: row.photoId,
      lightbox_opens: row.lightboxOpens,
      cover_impressions: row.coverImpressions,
      cover_clicks: row.coverClicks,
      cover_click_rate: rate(row.coverClicks, row.coverImpressions),
    })),
  };
}
