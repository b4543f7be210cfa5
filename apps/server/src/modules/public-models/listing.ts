import {
  type BoostKindName,
  hasListingFilters,
  LISTING_ORDER_DEFAULT,
  listingFiltersToSearchParams,
  normalizeText,
  PublicCardsResponseSchema,
  type PublicModelsQuery,
  type PublicModelsResponse,
  PublicModelsResponseSchema,
} from "@vitrine/contracts";
import { and, eq, like, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { isPubliclyVisible } from "../models/visibility";
import { type CardRow, cardColumns, presentCard } from "./present";
import { getJsonBody, type PublicCache, publicTags } from "../../cache/public-cache";
import { withPlace } from "../models/model-query";
import { perDatabase } from "../../db/per-database";
import { EMPTY_SEGMENT, type FilterIndex, getFilterIndex, LIFT_BASE, queryIndex } from "./filter-index";
import { featuredPlaces, featuredSlot, liveBoosts, placeBoosts } from "../boosts/service";

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

type Search = { cityId?: number; terms: string[] };

/** Every word must appear somewhere in the model's search text (name, category, city, state, description). */
function searchWhere(search: Search, today: string): SQL | undefined {
  return and(
    isPubliclyVisible(today),
    search.cityId ? eq(models.municipioId, search.cityId) : undefined,
    ...search.terms.map((term) => like(models.searchText, `%${escapeLike(term)}%`)),
  );
}

/** The ids of the public models a text search finds (in no order: the listing orders them). */
async function findSearchIds(db: Db, search: Search): Promise<Int32Array> {
  const [row] = await db
    .select({ ids: sql<string | null>`string_agg(${models.id}::text, ',')` })
    .from(models)
    .where(searchWhere(search, todayInSaoPaulo()));
  return row?.ids ? Int32Array.from(row.ids.split(","), Number) : new Int32Array(0);
}

/** A search's ids, cached until a model's membership or search text changes (both touch `search`, migration 0033). */
function searchIds(db: Db, cache: PublicCache, search: Search): Promise<Int32Array> {
  return cache.get(`search|${search.cityId ?? ""}|${search.terms.join(" ")}`, () => findSearchIds(db, search), {
    weigh: (list) => 64 + list.byteLength,
    expires: false,
    tags: [publicTags.search],
  });
}

/**
 * The cards of the given ids read by one statement prepared once per connection (one array parameter, not IN with
 * one parameter per id: the same statement for every number of ids); a model not public now is left out.
 */
const cardsStatement = perDatabase((db: Db) =>
  withPlace(db.select(cardColumns).from(models).$dynamic())
    .where(and(sql`${models.id} = any(${sql.placeholder("ids")}::int[])`, isPubliclyVisible(sql.placeholder("today"))))
    .prepare("public_listing_cards"),
);

/**
 * Card rows asked for during one turn of the event loop, read together by cardsStatement: the cards of a page that
 * the cache does not hold cost one statement, whichever pages ask for them at once.
 */
const cardLoader = perDatabase((db: Db) => {
  let waiting: Map<number, ((row: CardRow | null) => void)[]> | null = null;
  let failed: ((error: unknown) => void)[] = [];
  const flush = async () => {
    const batch = waiting!;
    const rejects = failed;
    waiting = null;
    failed = [];
    try {
      const ids = [...batch.keys()];
      const rows = await cardsStatement(db).execute({ ids: `{${ids.join(",")}}`, today: todayInSaoPaulo() });
      const byId = new Map(rows.map((row) => [row.id, row]));
      for (const [id, resolves] of batch) for (const resolve of resolves) resolve(byId.get(id) ?? null);
    } catch (error) {
      for (const reject of rejects) reject(error);
    }
  };
  return (id: number) =>
    new Promise<CardRow | null>((resolve, reject) => {
      if (!waiting) {
        waiting = new Map();
        setImmediate(() => void flush());
      }
      const list = waiting.get(id);
      if (list) list.push(resolve);
      else waiting.set(id, [resolve]);
      failed.push(reject);
    });
});

/**
 * The cards of the given ids, in the given order; a model not public now is left out. Each card row is cached under
 * her card tag (which every change of her card or of her visibility touches; her counters follow within the TTL), so
 * a listing page the cache misses reads from the database only the cards no page read before.
 */
async function findCards(db: Db, cache: PublicCache, ids: number[]): Promise<CardRow[]> {
  const rows = await Promise.all(
    ids.map((id) =>
      cache.get(`cardrow|${id}`, () => cardLoader(db)(id), { tags: [publicTags.card(id)], weigh: () => 768 }),
    ),
  );
  return rows.filter((row): row is CardRow => row !== null);
}

/**
 * The places paid boosts give in a city's relevance order (modules/boosts/placement.ts, public at /como-ordenamos):
 * its featured places first, then its bumped cards, then the ordinary order. Every city's live boosts are one cached
 * list (read again when a boost starts, ends, pauses or moves up: the `boosts` tag, migration 0048, and per rotation
 * slot); a city page depends only on its own list's tag, which the same changes touch. A boost counts for a model
 * this city lists as her own city, the city it was bought for. Answers each lifted card's place and its public mark.
 */
async function boostLifts(
  db: Db,
  cache: PublicCache,
  index: FilterIndex,
  cityId: number,
): Promise<{ places: Map<number, number>; marks: Map<number, BoostKindName> } | null> {
  const now = new Date();
  const { live, places: featuredCount } = await cache.narrow([publicTags.listCity(cityId)], () =>
    cache.get(
      `live-boosts|${featuredSlot(now)}`,
      async () => ({ live: await liveBoosts(db, now), places: await featuredPlaces(db) }),
      { tags: [publicTags.boosts], weigh: (value) => 256 + value.live.length * 64 },
    ),
  );
  const here = live.filter((boost) => boost.cityId === cityId && index.byId.get(boost.modelId)?.cityId === cityId);
  if (here.length === 0) return null;
  const { featured, bumped } = placeBoosts(here, featuredCount, now);
  const places = new Map<number, number>();
  const marks = new Map<number, BoostKindName>();
  bumped.forEach((id, rank) => {
    places.set(id, LIFT_BASE + bumped.length - rank);
    marks.set(id, "bump");
  });
  featured.forEach((id, rank) => {
    places.set(id, LIFT_BASE + bumped.length + featured.length - rank);
    marks.set(id, "featured");
  });
  return { places, marks };
}

/** What a listing page is built from: the database, the public cache and the visitor's query. */
interface ListingInput {
  db: Db;
  cache: PublicCache;
  query: PublicModelsQuery;
}

/**
 * GET /api/models/public: one page of the public models of a city (or of the country), found by the search words
 * and the filters, in the chosen order (relevance by default), answered by the filter index (decision 080): the
 * page's ids, the total and, with a city and filters, the counts per option, from one pass over the city's (or the
 * country's) public models in memory; then the page's cards. What the page shows decides the tags it is cached
 * under: a plain list its list's membership and order (list:city:<c> or list:all), a filtered one also the fields
 * the filters read (filters:city:<c> or filters), search when words are given, and its cards. Views and contacts
 * touch no tag: "mais vistas" follows them within the cache's TTL.
 */
export async function listPublicModels({ db, cache, query }: ListingInput): Promise<PublicModelsResponse> {
  const terms = searchTerms(query.search);
  const cityId = query.city_id;
  const filtered = hasListingFilters(query);
  const shows = cityId
    ? [publicTags.listCity(cityId), ...(filtered ? [publicTags.filtersCity(cityId)] : [])]
    : [publicTags.listAll, ...(filtered ? [publicTags.filters] : [])];
  const index = await cache.narrow(shows, () => getFilterIndex(db, cache));
  const found = terms.length > 0 ? new Set(await searchIds(db, cache, { cityId, terms })) : null;
  const ordem = query.ordem ?? LISTING_ORDER_DEFAULT;
  const lift = cityId && ordem === "relevancia" ? await boostLifts(db, cache, index, cityId) : null;
  const page = queryIndex(
    cityId ? (index.byCity.get(cityId) ?? EMPTY_SEGMENT) : index.all,
    { ...query, ordem },
    { offset: (query.page - 1) * query.limit, limit: query.limit },
    found,
    { facets: Boolean(cityId && filtered), lift: lift?.places ?? null },
  );
  cache.tag(...page.ids.map(publicTags.card));
  const cards = await findCards(db, cache, page.ids);
  return {
    models: cards.map((row) => ({ ...presentCard(row), boost: lift?.marks.get(row.id) ?? null })),
    pagination: { page: query.page, pages: Math.ceil(page.total / query.limit), total: page.total },
    ...(cityId && filtered ? { facets: page.facets } : {}),
  };
}

/**
 * The listing page as the bytes sent: every visitor asking for the same page under the same public data
 * version gets the same answer, so it is built and serialized once and then served from memory.
 */
export function getListingBody({ db, cache, query }: ListingInput): Promise<Buffer> {
  // A filtered page is keyed by its normalised filters (the same choice in any spelling is one entry).
  const filters = hasListingFilters(query) ? `|${listingFiltersToSearchParams(query).toString()}` : "";
  const key = `page|${query.city_id ?? ""}|${searchTerms(query.search).join(" ")}|${query.page}|${query.limit}${filters}`;
  return getJsonBody(cache, key, PublicModelsResponseSchema, () => listPublicModels({ db, cache, query }));
}

/**
 * GET /api/models/public/cards?ids=…: the public cards among the given ids, in the order given (the visitor's
 * favourites); an id that is not public now is left out without a word. Cached by the ids under each one's card
 * tag, which every change of her card or of her visibility touches.
 */
export function getCardsBody({ db, cache, ids }: { db: Db; cache: PublicCache; ids: number[] }): Promise<Buffer> {
  return getJsonBody(
    cache,
    `cards|${ids.join(",")}`,
    PublicCardsResponseSchema,
    async () => ({ models: (await findCards(db, cache, ids)).map(presentCard) }),
    ids.map(publicTags.card),
  );
}
