import { CITY_NOT_FOUND, CITY_SEARCH_LIMIT, type City, type StateSummary } from "@vitrine/contracts";
import { count } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { isPubliclyVisible } from "../models/visibility";
import { type CityEntry, type CityIndex, looseText } from "../../cache/city-index";
import { type PublicCache, publicTags } from "../../cache/public-cache";
import { presentCity } from "./present";

/** What every city list reads: the database, the public cache and the in-memory municipality index. */
export type CityDeps = { db: Db; cache: PublicCache; cityIndex: () => Promise<CityIndex> };

/** Visible models per municipality, computed once per public data version. */
function countVisibleByCity({ db, cache }: CityDeps): Promise<Map<number, number>> {
  return cache.get(
    "city-counts",
    async () => {
      const rows = await db
        .select({ cityId: models.municipioId, total: count() })
        .from(models)
        .where(isPubliclyVisible())
        .groupBy(models.municipioId);
      return new Map(rows.flatMap((r) => (r.cityId === null ? [] : [[r.cityId, r.total] as const])));
    },
    { expires: false, tags: [publicTags.cities] },
  );
}

/** GET /api/cities: cities with visible models, alphabetical, optionally in one state. */
export async function listCitiesWithModels({ state, ...deps }: CityDeps & { state?: string }): Promise<City[]> {
  const [index, counts] = await Promise.all([deps.cityIndex(), countVisibleByCity(deps)]);
  return index.all
    .filter((c) => (counts.get(c.id) ?? 0) > 0 && (!state || c.uf === state))
    .map((c) => presentCity(c, counts.get(c.id) ?? 0));
}

/** GET /api/cities/states: states with visible models, by state code. */
export async function listStatesWithModels(deps: CityDeps): Promise<StateSummary[]> {
  const [index, counts] = await Promise.all([deps.cityIndex(), countVisibleByCity(deps)]);
  const byState = new Map<string, number>();
  for (const [cityId, total] of counts) {
    const uf = index.byId.get(cityId)?.uf;
    if (uf) byState.set(uf, (byState.get(uf) ?? 0) + total);
  }
  return [...byState]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([state, modelsCount]) => ({ state, models_count: modelsCount }));
}

/** Name matches of a loose query, optionally restricted to the state code typed at its end ("campo grande ms"). */
function matchCities(index: CityIndex, q: string): CityEntry[] {
  const matches = new Set(index.all.filter((c) => c.loose.includes(q)));
  const lastSpace = q.lastIndexOf(" ");
  const uf = q.slice(lastSpace + 1).toUpperCase();
  if (lastSpace > 0 && uf.length === 2 && index.ufs.has(uf)) {
    const name = q.slice(0, lastSpace);
    for (const c of index.all) if (c.uf === uf && c.loose.includes(name)) matches.add(c);
  }
  return [...matches];
}

/**
 * GET /api/cities/search?q: accent-insensitive; names starting with the text first, then a word starting with
 * it, then anywhere; within each, cities with visible models first (most models first), capitals, then name.
 */
export async function searchCities({
  q: rawQuery,
  limit = CITY_SEARCH_LIMIT,
  ...deps
}: CityDeps & { q: string; limit?: number }): Promise<City[]> {
  const q = looseText(rawQuery);
  if (q.length < 2) return [];
  const [index, counts] = await Promise.all([deps.cityIndex(), countVisibleByCity(deps)]);
  return rankCities(index, counts, q).slice(0, limit);
}

function rankCities(index: CityIndex, counts: Map<number, number>, q: string): City[] {
  const rank = (c: CityEntry) => (c.loose.startsWith(q) ? 0 : c.loose.includes(` ${q}`) ? 1 : 2);
  return matchCities(index, q)
    .map((c) => ({ c, rank: rank(c), n: counts.get(c.id) ?? 0 }))
    .sort(
      (a, b) =>
        a.rank - b.rank ||
        Number(b.n > 0) - Number(a.n > 0) ||
        b.n - a.n ||
        Number(b.c.isCapital) - Number(a.c.isCapital) ||
        (a.c.loose < b.c.loose ? -1 : a.c.loose > b.c.loose ? 1 : a.c.uf.localeCompare(b.c.uf)),
    )
    .map(({ c, n }) => presentCity(c, n));
}

/** GET /api/cities/by-slug/:slug: any known municipality ("campo-grande-ms"), even one without models. */
export async function findCityBySlug({ slug, ...deps }: CityDeps & { slug: string }): Promise<City> {
  const city = (await deps.cityIndex()).bySlug.get(slug);
  if (!city) throw notFound(CITY_NOT_FOUND);
  // A city page shows its own count only: it depends on its city's list, not on every city's count.
  const counts = await deps.cache.narrow([publicTags.listCity(city.id)], () => countVisibleByCity(deps));
  return presentCity(city, counts.get(city.id) ?? 0);
}
