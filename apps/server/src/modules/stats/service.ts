import { and, count, desc, eq, gt, isNotNull, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { accessLogs, categories, models } from "../../db/schema";
import { daySeries, localDay, periodOf, SERIES_DATE, SERIES_DAY, withinLocalDays } from "../../lib/sql-days";
import { isPubliclyVisible } from "../models/visibility";
import { getSalesPerDay, sumOrders } from "../orders/service";

/**
 * The back-office's numbers, all counted by the database: the dashboard cards, the statistics page and the
 * access log. Periods are São Paulo days ending today; revenue counts paid orders only.
 */

/** Models that still exist (deleted accounts are left out of every count). */
const EXISTS = isNull(models.deletedAt);

/** Models registered, active and verified. */
async function countModels(db: Db) {
  const [row] = await db
    .select({
      total: count(),
      active: sql`count(*) filter (where ${models.isActive})`.mapWith(Number),
      verified: sql`count(*) filter (where ${models.isVerified})`.mapWith(Number),
    })
    .from(models)
    .where(EXISTS);
  return row;
}

/** GET /api/admin/dashboard: models, orders (all and today's) and revenue of paid orders (all and today's). */
export async function getDashboardStats({ db, today }: { db: Db; today: string }) {
  const [modelCounts, orderSums] = await Promise.all([countModels(db), sumOrders({ db, today })]);
  return { models: modelCounts, orders: orderSums };
}

/** Public page views per São Paulo day from `from` to `to`, every day present (zeros included). */
async function getVisitsPerDay(db: Db, from: string, to: string) {
  const perDay = db
    .select({ day: sql`${localDay(accessLogs.createdAt)}`.as("day"), visits: sql`count(*)`.as("visits") })
    .from(accessLogs)
    .where(withinLocalDays(accessLogs.createdAt, from, to))
    .groupBy(sql`1`)
    .as("v");
  return db
    .select({ date: SERIES_DAY, visits: sql`coalesce(${perDay.visits}, 0)`.mapWith(Number) })
    .from(daySeries(from, to))
    .leftJoin(perDay, sql`${perDay.day} = ${SERIES_DATE}`)
    .orderBy(SERIES_DATE);
}

/** The `limit` most viewed models that still exist and have been viewed, most viewed first. */
function listMostViewed(db: Db, limit: number) {
  return db
    .select({ id: models.id, name: models.name, views: models.viewsCount, contacts: models.contactCount })
    .from(models)
    .where(and(EXISTS, gt(models.viewsCount, 0)))
    .orderBy(desc(models.viewsCount), models.id)
    .limit(limit);
}

/** The 10 cities with most public page views on São Paulo days `from` to `to`. */
function listTopCities(db: Db, from: string, to: string) {
  return db
    .select({ name: sql<string>`${accessLogs.city}`, value: count() })
    .from(accessLogs)
    .where(and(withinLocalDays(accessLogs.createdAt, from, to), isNotNull(accessLogs.city)))
    .groupBy(accessLogs.city)
    .orderBy(desc(count()), accessLogs.city)
    .limit(10);
}

/** The 10 categories with most publicly visible models (categories without any are left out). */
function listTopCategories(db: Db, today: string) {
  return db
    .select({ name: categories.name, value: count() })
    .from(categories)
    .innerJoin(models, eq(models.categoryId, categories.id))
    .where(isPubliclyVisible(today))
    .groupBy(categories.id, categories.name)
    .orderBy(desc(count()), categories.name)
    .limit(10);
}

async function countVisits(db: Db, from: string, to: string) {
  const [row] = await db
    .select({ total: count() })
    .from(accessLogs)
    .where(withinLocalDays(accessLogs.createdAt, from, to));
  return row.total;
}

/** GET /api/admin/stats?days: everything the statistics page draws, over the last `days` São Paulo days. */
export async function getSiteStats({ db, days, today }: { db: Db; days: number; today: string }) {
  const { from, seriesFrom, to } = periodOf(days, today);
  const [visits, modelCounts, orderSums, visitsPerDay, salesPerDay, mostViewed, topCities, topCategories] =
    await Promise.all([
      countVisits(db, from, to),
      countModels(db),
      sumOrders({ db, from, to }),
      getVisitsPerDay(db, seriesFrom, to),
      getSalesPerDay({ db, from: seriesFrom, to }),
      listMostViewed(db, 30),
      listTopCities(db, from, to),
      listTopCategories(db, today),
    ]);
  return {
    days,
    visits,
    models: modelCounts.total,
    orderSums,
    visitsPerDay,
    salesPerDay,
    mostViewed,
    topCities,
    topCategories,
  };
}

/** Access-log rows returned at most (the newest). */
export const ACCESS_LOGS_LIMIT = 5000;

/** GET /api/admin/logs?days: when and in which city, newest first, since São Paulo day `days − 1` days ago. */
export function listAccessLogs({ db, days, today }: { db: Db; days: number; today: string }) {
  return db
    .select({ createdAt: accessLogs.createdAt, city: accessLogs.city })
    .from(accessLogs)
    .where(withinLocalDays(accessLogs.createdAt, periodOf(days, today).from))
    .orderBy(desc(accessLogs.createdAt), desc(accessLogs.id))
    .limit(ACCESS_LOGS_LIMIT);
}
