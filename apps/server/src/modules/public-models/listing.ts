import { normalizeText, type PublicModelsQuery, type PublicModelsResponse } from "@vitrine/contracts";
import { and, count, desc, eq, like, type SQL } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, estados, models, municipios, photos } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { isPubliclyVisible } from "../models/visibility";
import { cardColumns, presentCard } from "./present";
import type { PublicCache } from "./public-cache";

/** Words of a search beyond this many are ignored. */
const MAX_SEARCH_TERMS = 8;

/** LIKE treats %, _ and \ specially; a visitor's text must match literally. */
function escapeLike(text: string): string {
  return text.replace(/[\\%_]/g, (c) => `\\${c}`);
}

/** Normalised search words: lower-case and accent-free like models.search_text ("São" → "sao"). */
export function searchTerms(search: string | undefined): string[] {
  if (!search) return [];
  return normalizeText(search).split(/\s+/).filter(Boolean).slice(0, MAX_SEARCH_TERMS);
}

/** Every word must appear somewhere in the model's search text (name, category, city, state, description). */
function listingFilter(query: { cityId?: number; terms: string[] }, today: string): SQL | undefined {
  return and(
    isPubliclyVisible(today),
    query.cityId ? eq(models.municipioId, query.cityId) : undefined,
    ...query.terms.map((term) => like(models.searchText, `%${escapeLike(term)}%`)),
  );
}

async function countModels(db: Db, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ total: count() }).from(models).where(where);
  return row?.total ?? 0;
}

async function findPage(db: Db, where: SQL | undefined, limit: number, offset: number) {
  // The page is chosen on the narrow partial index first, then only those rows are joined.
  const page = db
    .select({ id: models.id })
    .from(models)
    .where(where)
    .orderBy(desc(models.isFeatured), desc(models.id))
    .limit(limit)
    .offset(offset)
    .as("page");
  return db
    .select(cardColumns)
    .from(page)
    .innerJoin(models, eq(models.id, page.id))
    .innerJoin(municipios, eq(municipios.id, models.municipioId))
    .innerJoin(estados, eq(estados.id, municipios.estadoId))
    .leftJoin(categories, eq(categories.id, models.categoryId))
    .leftJoin(photos, and(eq(photos.modelId, models.id), eq(photos.isPrimary, true), eq(photos.isPublic, true)))
    .orderBy(desc(models.isFeatured), desc(models.id));
}

/**
 * GET /api/models/public: visible models, featured first then newest, one page. The total of a filter is
 * cached under the public data version (counting 100,000 rows per request would dominate the cost).
 */
export async function listPublicModels({
  db,
  cache,
  query,
}: {
  db: Db;
  cache: PublicCache;
  query: PublicModelsQuery;
}): Promise<PublicModelsResponse> {
  const today = todayInSaoPaulo();
  const terms = searchTerms(query.search);
  const where = listingFilter({ cityId: query.city_id, terms }, today);
  const offset = (query.page - 1) * query.limit;
  const countKey = `count|${query.city_id ?? ""}|${terms.join(" ")}`;
  const [total, rows] = await Promise.all([
    cache.get(countKey, () => countModels(db, where)),
    findPage(db, where, query.limit, offset),
  ]);
  return {
    models: rows.map(presentCard),
    pagination: { page: query.page, pages: Math.ceil(total / query.limit), total },
  };
}
