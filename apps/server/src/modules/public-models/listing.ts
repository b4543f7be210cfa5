import {
  normalizeText,
  type PublicModelsQuery,
  type PublicModelsResponse,
  PublicModelsResponseSchema,
} from "@vitrine/contracts";
import { and, eq, like, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { isPubliclyVisible } from "../models/visibility";
import { cardColumns, presentCard } from "./present";
import { getJsonBody, type PublicCache } from "../../plugins/public-cache";
import { withPlace } from "../models/model-query";

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

type Filter = { cityId?: number; terms: string[] };

/** Every word must appear somewhere in the model's search text (name, category, city, state, description). */
function listingWhere(filter: Filter, today: string): SQL | undefined {
  return and(
    isPubliclyVisible(today),
    filter.cityId ? eq(models.municipioId, filter.cityId) : undefined,
    ...filter.terms.map((term) => like(models.searchText, `%${escapeLike(term)}%`)),
  );
}

/**
 * Ids of every visible model matching the filter, in listing order (featured first, then newest), read in one
 * pass over the partial index. The total is its length and any page, however deep, is a slice of it: no
 * COUNT(*) and no OFFSET scan per request.
 */
async function findOrderedIds(db: Db, filter: Filter): Promise<Int32Array> {
  const [row] = await db
    .select({
      ids: sql<
        string | null
      >`string_agg(${models.id}::text, ',' order by ${models.isFeatured} desc, ${models.id} desc)`,
    })
    .from(models)
    .where(listingWhere(filter, todayInSaoPaulo()));
  return row?.ids ? Int32Array.from(row.ids.split(","), Number) : new Int32Array(0);
}

/** The cards of the given ids, in the given order; a model hidden meanwhile is left out. */
async function findCards(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await withPlace(db.select(cardColumns).from(models).$dynamic())
    // One array parameter (not IN with one parameter per id): the same statement for every page size, so
    // PostgreSQL plans it once per connection.
    .where(and(sql`${models.id} = any(${`{${ids.join(",")}}`}::int[])`, isPubliclyVisible()));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** GET /api/models/public: visible models, featured first then newest, one page. */
export async function listPublicModels({
  db,
  cache,
  query,
}: {
  db: Db;
  cache: PublicCache;
  query: PublicModelsQuery;
}): Promise<PublicModelsResponse> {
  const filter = { cityId: query.city_id, terms: searchTerms(query.search) };
  const ids = await cache.get(
    `ids|${filter.cityId ?? ""}|${filter.terms.join(" ")}`,
    () => findOrderedIds(db, filter),
    { weigh: (list) => 64 + list.byteLength, expires: false },
  );
  const offset = (query.page - 1) * query.limit;
  const rows = await findCards(db, Array.from(ids.subarray(offset, offset + query.limit)));
  const total = ids.length;
  return {
    models: rows.map(presentCard),
    pagination: { page: query.page, pages: Math.ceil(total / query.limit), total },
  };
}

/**
 * The listing page as the bytes sent: every visitor asking for the same page under the same public data
 * version gets the same answer, so it is built and serialized once and then served from memory.
 */
export function getListingBody({
  db,
  cache,
  query,
}: {
  db: Db;
  cache: PublicCache;
  query: PublicModelsQuery;
}): Promise<Buffer> {
  const key = `page|${query.city_id ?? ""}|${searchTerms(query.search).join(" ")}|${query.page}|${query.limit}`;
  return getJsonBody(cache, key, PublicModelsResponseSchema, () => listPublicModels({ db, cache, query }));
}
