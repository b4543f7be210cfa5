import type { AdminModelChartsResponse } from "@vitrine/contracts";
import { and, asc, count, desc, eq, gte, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, estados, models, municipios } from "../../db/schema";
import { addDays, TIME_ZONE, todayInSaoPaulo } from "../../lib/dates";

/** Days the registrations chart covers, today included. */
export const REGISTRATION_DAYS = 90;
/** Slices of the city pie; the other cities are summed into one "Outras" slice. */
export const CITY_SLICES = 10;

/** A constant, not a parameter, so that the select and its GROUP BY are the same expression. */
const ZONE = sql.raw(`'${TIME_ZONE}'`);
const registrationDay = sql<string>`to_char((${models.createdAt} at time zone ${ZONE})::date, 'YYYY-MM-DD')`;

/**
 * The four charts of the models page, over every model not deleted, counted in SQL: the 10 most viewed, models
 * per city ("São Paulo - SP"; the top 10, then "Outras"), per category ("Sem categoria" for none) and
 * registrations per São Paulo day over the last 90 days (days without one as zeros).
 */
export async function getAdminModelCharts({
  db,
  today = todayInSaoPaulo(),
}: {
  db: Db;
  today?: string;
}): Promise<AdminModelChartsResponse> {
  const notDeleted = isNull(models.deletedAt);
  const from = addDays(today, 1 - REGISTRATION_DAYS);
  const [topViews, byCity, byCategory, registrations] = await Promise.all([
    db
      .select({ id: models.id, name: models.name, views: models.viewsCount })
      .from(models)
      .where(notDeleted)
      .orderBy(desc(models.viewsCount), asc(models.id))
      .limit(10),
    db
      .select({ name: sql<string>`${municipios.nome} || ' - ' || ${estados.uf}`, value: count() })
      .from(models)
      .innerJoin(municipios, eq(municipios.id, models.municipioId))
      .innerJoin(estados, eq(estados.id, municipios.estadoId))
      .where(notDeleted)
      .groupBy(municipios.id, municipios.nome, estados.uf)
      .orderBy(desc(count()), asc(municipios.nome)),
    db
      .select({ name: sql<string>`coalesce(${categories.name}, 'Sem categoria')`, value: count() })
      .from(models)
      .leftJoin(categories, eq(categories.id, models.categoryId))
      .where(notDeleted)
      .groupBy(categories.id, categories.name)
      .orderBy(desc(count()), asc(sql`coalesce(${categories.name}, 'Sem categoria')`)),
    db
      .select({ date: registrationDay, count: count() })
      .from(models)
      .where(and(notDeleted, gte(models.createdAt, sql`(${from}::date::timestamp at time zone ${ZONE})`)))
      .groupBy(registrationDay),
  ]);

  const perDay = new Map(registrations.map((r) => [r.date, Number(r.count)]));
  const cities = byCity.map((c) => ({ name: c.name, value: Number(c.value) }));
  const others = cities.slice(CITY_SLICES).reduce((sum, c) => sum + c.value, 0);
  return {
    top_views: topViews,
    by_city: others > 0 ? [...cities.slice(0, CITY_SLICES), { name: "Outras", value: others }] : cities,
    by_category: byCategory.map((c) => ({ name: c.name, value: Number(c.value) })),
    registrations: Array.from({ length: REGISTRATION_DAYS }, (_, i) => {
      const date = addDays(from, i);
      return { date, count: perDay.get(date) ?? 0 };
    }),
  };
}
