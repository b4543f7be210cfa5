import {
  hasListingFilters,
  type ListingFacets,
  type ListingFilters,
  listingFiltersToSearchParams,
  normalizeText,
  PublicCardsResponseSchema,
  type PublicModelsQuery,
  RECEIVES_AT,
  type PublicModelsResponse,
  PublicModelsResponseSchema,
} from "@vitrine/contracts";
import { and, desc, eq, gte, like, lte, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, photos } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { isPubliclyVisible } from "../models/visibility";
import { type CardRow, cardColumns, presentCard } from "./present";
import { getJsonBody, type PublicCache, publicTags } from "../../cache/public-cache";
import { withPlace } from "../models/model-query";
import { perDatabase } from "../../db/per-database";

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
  const today = todayInSaoPaulo();
  const [row] =
    filter.terms.length > 0
      ? await orderedIdsQuery(db, listingWhere(filter, today))
      : filter.cityId
        ? await prepared(db).cityIds.execute({ cityId: filter.cityId, today })
        : await prepared(db).allIds.execute({ today });
  return row?.ids ? Int32Array.from(row.ids.split(","), Number) : new Int32Array(0);
}

function orderedIdsQuery(db: Db, where: SQL | undefined) {
  return db
    .select({
      ids: sql<
        string | null
      >`string_agg(${models.id}::text, ',' order by ${models.isFeatured} desc, ${availableNow} desc, ${models.id} desc)`,
    })
    .from(models)
    .where(where);
}

/**
 * "Disponível agora": her end is after now (compared on every read, so it ends by itself; jobs/availability-end.ts
 * only refreshes the caches and tells open pages when it passes).
 */
const availableNow = sql`coalesce(${models.availableUntil} > now(), false)`;

/** Relevance, the default order: featured first, then "Disponível agora", then newest. */
const relevanceOrder = [desc(models.isFeatured), desc(availableNow), desc(models.id)];

/** Visible to the public on the day given by the "today" placeholder. */
const visibleOnPlaceholderDay = () => isPubliclyVisible(sql.placeholder("today"));

/**
 * The listing's unfiltered and per-city statements, prepared once per connection: PostgreSQL then plans them
 * once instead of on every cache miss (planning the five-table card query costs more than running it).
 */
function createPrepared(db: Db) {
  return {
    allIds: orderedIdsQuery(db, visibleOnPlaceholderDay()).prepare("public_listing_ids"),
    cityIds: orderedIdsQuery(
      db,
      and(visibleOnPlaceholderDay(), eq(models.municipioId, sql.placeholder("cityId"))),
    ).prepare("public_listing_city_ids"),
    cards: withPlace(db.select(cardColumns).from(models).$dynamic())
      // One array parameter (not IN with one parameter per id): the same statement for every page size.
      .where(and(sql`${models.id} = any(${sql.placeholder("ids")}::int[])`, visibleOnPlaceholderDay()))
      .prepare("public_listing_cards"),
    cityHead: withPlace(
      db
        .select({
          ...cardColumns,
          // An InitPlan, run once: an index-only count over the city's part of the partial index.
          total:
            sql<number>`(select count(*) from ${models} where ${and(visibleOnPlaceholderDay(), eq(models.municipioId, sql.placeholder("cityId")))})`.mapWith(
              Number,
            ),
        })
        .from(models)
        .$dynamic(),
    )
      .where(and(visibleOnPlaceholderDay(), eq(models.municipioId, sql.placeholder("cityId"))))
      .orderBy(...relevanceOrder)
      .limit(CITY_HEAD_SIZE)
      .prepare("public_listing_city_head"),
  };
}

const prepared = perDatabase(createPrepared);

/** The cards of the given ids, in the given order; a model hidden meanwhile is left out. */
async function findCards(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  const rows = await prepared(db).cards.execute({ ids: `{${ids.join(",")}}`, today: todayInSaoPaulo() });
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

/** Cards of a city's first pages read together: visitors rarely go past page 3 (of 20). */
const CITY_HEAD_SIZE = 60;

type CityHead = { total: number; rows: CardRow[] };

/**
 * The first CITY_HEAD_SIZE cards of a city in listing order and the city's total, in one statement: a city page
 * that misses the cache (most of them, with thousands of cities) costs one query, shared by its first pages.
 * Kept with the cache TTL, so the counters on the cards move.
 */
async function findCityHead(db: Db, cityId: number): Promise<CityHead> {
  const rows = await prepared(db).cityHead.execute({ cityId, today: todayInSaoPaulo() });
  return { total: rows[0]?.total ?? 0, rows };
}

/** What a listing page is built from: the database, the public cache and the visitor's query. */
interface ListingInput {
  db: Db;
  cache: PublicCache;
  query: PublicModelsQuery;
}

/** GET /api/models/public: visible models, featured first then newest, one page. */
export async function listPublicModels({ db, cache, query }: ListingInput): Promise<PublicModelsResponse> {
  if (hasListingFilters(query)) return listFilteredModels({ db, cache, query });
  const filter = { cityId: query.city_id, terms: searchTerms(query.search) };
  const offset = (query.page - 1) * query.limit;
  if (filter.cityId && filter.terms.length === 0 && offset + query.limit <= CITY_HEAD_SIZE) {
    const cityId = filter.cityId;
    const head = await cache.get(
      `cityhead|${cityId}`,
      async () => {
        const found = await findCityHead(db, cityId);
        cache.tag(...found.rows.map((row) => publicTags.card(row.id)));
        return found;
      },
      { weigh: (value) => 256 + value.rows.length * 512, tags: [publicTags.listCity(cityId)] },
    );
    return {
      models: head.rows.slice(offset, offset + query.limit).map(presentCard),
      pagination: { page: query.page, pages: Math.ceil(head.total / query.limit), total: head.total },
    };
  }
  // Every change of a model's membership or order also touches the searches (migration 0033).
  const listTag =
    filter.terms.length > 0
      ? publicTags.search
      : filter.cityId
        ? publicTags.listCity(filter.cityId)
        : publicTags.listAll;
  const ids = await cache.get(
    `ids|${filter.cityId ?? ""}|${filter.terms.join(" ")}`,
    () => findOrderedIds(db, filter),
    { weigh: (list) => 64 + list.byteLength, expires: false, tags: [listTag] },
  );
  const pageIds = Array.from(ids.subarray(offset, offset + query.limit));
  cache.tag(...pageIds.map(publicTags.card));
  const rows = await findCards(db, pageIds);
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
export function getListingBody({ db, cache, query }: ListingInput): Promise<Buffer> {
  // A filtered page is keyed by its normalised filters (the same choice in any spelling is one entry).
  const filters = hasListingFilters(query) ? `|${listingFiltersToSearchParams(query).toString()}` : "";
  const key = `page|${query.city_id ?? ""}|${searchTerms(query.search).join(" ")}|${query.page}|${query.limit}${filters}`;
  return getJsonBody(cache, key, PublicModelsResponseSchema, () => listPublicModels({ db, cache, query }));
}

const cents = (reais: number) => reais * 100;

/** The SQL of each filter but `atende` (the facets count its options within the others). */
function filterConditions(filters: Partial<ListingFilters>): (SQL | undefined)[] {
  const services = (filters.servico ?? []).map((s) => normalizeText(s).replace(/\s+/g, " "));
  const hasPrice = filters.preco_min !== undefined || filters.preco_max !== undefined;
  return [
    filters.categoria !== undefined ? eq(models.categoryId, filters.categoria) : undefined,
    filters.idade_min !== undefined ? gte(models.age, filters.idade_min) : undefined,
    filters.idade_max !== undefined ? lte(models.age, filters.idade_max) : undefined,
    // A price range lists only models whose rates give a price.
    hasPrice ? sql`${models.priceFrom} is not null` : undefined,
    filters.preco_min !== undefined ? gte(models.priceFrom, cents(filters.preco_min)) : undefined,
    filters.preco_max !== undefined ? lte(models.priceFrom, cents(filters.preco_max)) : undefined,
    services.length > 0
      ? sql`${models.servicesSearch} @> ${`{${services.map(pgArrayItem).join(",")}}`}::text[]`
      : undefined,
    filters.bairro
      ? like(models.neighborhoodSearch, `%${escapeLike(normalizeText(filters.bairro).replace(/\s+/g, " "))}%`)
      : undefined,
    filters.verificada ? eq(models.isVerified, true) : undefined,
    filters.com_fotos ? withPublicPrimaryPhoto : undefined,
    filters.disponivel ? availableNow : undefined,
  ];
}

/** A text as an element of a PostgreSQL array literal: quoted, with quotes and backslashes escaped. */
function pgArrayItem(text: string): string {
  return `"${text.replace(/[\\"]/g, (c) => `\\${c}`)}"`;
}

/** She has a public primary photo (her card shows a picture). */
const withPublicPrimaryPhoto = sql`exists (select 1 from ${photos} where ${photos.modelId} = ${models.id}
  and ${photos.isPrimary} and ${photos.isPublic})`;

/** `atende`: she receives at any of the chosen places. */
function receivesAtCondition(filters: Partial<ListingFilters>): SQL | undefined {
  return filters.atende?.length ? sql`${models.receivesAt} && ${`{${filters.atende.join(",")}}`}::text[]` : undefined;
}

const ORDERS: Record<ListingFilters["ordem"], SQL[]> = {
  relevancia: relevanceOrder,
  menor_preco: [sql`${models.priceFrom} asc nulls last`, desc(models.id)],
  maior_preco: [sql`${models.priceFrom} desc nulls last`, desc(models.id)],
  recentes: [desc(models.id)],
  mais_vistas: [desc(models.viewsCount), desc(models.id)],
};

/**
 * A listing with filters or another order: the page's ids and the total in one statement (the public rule, the
 * city, the search words and the filters), then the cards; with a city, the counts per option (facets). Cached
 * by the normalised query (getListingBody) under the tags of what it shows: the list's membership (list:city or
 * list:all, search when words are given) and the fields the filters read (filters:city or filters, migration
 * 0042). Views and contacts touch no tag: "mais vistas" follows them within the cache's TTL.
 */
async function listFilteredModels({ db, cache, query }: ListingInput): Promise<PublicModelsResponse> {
  const terms = searchTerms(query.search);
  const cityId = query.city_id;
  cache.tag(
    cityId ? publicTags.listCity(cityId) : publicTags.listAll,
    cityId ? publicTags.filtersCity(cityId) : publicTags.filters,
    ...(terms.length > 0 ? [publicTags.search] : []),
  );
  const scope = and(listingWhere({ cityId, terms }, todayInSaoPaulo()), ...filterConditions(query));
  const offset = (query.page - 1) * query.limit;
  const rows = await db
    .select({ id: models.id, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(models)
    .where(and(scope, receivesAtCondition(query)))
    .orderBy(...ORDERS[query.ordem])
    .limit(query.limit)
    .offset(offset);
  // A page past the end has no row to carry the total: counted apart.
  const total =
    rows[0]?.total ??
    (offset === 0
      ? 0
      : Number(
          (
            await db
              .select({ n: sql<number>`count(*)` })
              .from(models)
              .where(and(scope, receivesAtCondition(query)))
          )[0].n,
        ));
  const pageIds = rows.map((r) => r.id);
  cache.tag(...pageIds.map(publicTags.card));
  const cards = await findCards(db, pageIds);
  return {
    models: cards.map(presentCard),
    pagination: { page: query.page, pages: Math.ceil(total / query.limit), total },
    ...(cityId ? { facets: await countFacets(db, scope, query) } : {}),
  };
}

/**
 * Counts per option within the current filters, for a city (a city's public models are few; the whole country is
 * not counted per option): each place she receives at counted within the other filters (choosing it widens or
 * narrows the "atende" choice), and each flag within all the current filters plus that flag.
 */
async function countFacets(db: Db, scope: SQL | undefined, filters: Partial<ListingFilters>): Promise<ListingFacets> {
  const chosen = receivesAtCondition(filters) ?? sql`true`;
  const count = (condition: SQL) => sql<number>`count(*) filter (where ${condition})`.mapWith(Number);
  const [row] = await db
    .select({
      ...Object.fromEntries(
        RECEIVES_AT.map((place) => [place, count(sql`${models.receivesAt} @> ${`{${place}}`}::text[]`)]),
      ),
      verificada: count(sql`${chosen} and ${models.isVerified}`),
      com_fotos: count(sql`${chosen} and ${withPublicPrimaryPhoto}`),
      disponivel: count(sql`${chosen} and ${availableNow}`),
    })
    .from(models)
    .where(scope);
  const counts = row as Record<string, number>;
  return {
    atende: Object.fromEntries(RECEIVES_AT.map((place) => [place, counts[place] ?? 0])) as ListingFacets["atende"],
    verificada: counts.verificada ?? 0,
    com_fotos: counts.com_fotos ?? 0,
    disponivel: counts.disponivel ?? 0,
  };
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
    async () => ({ models: (await findCards(db, ids)).map(presentCard) }),
    ids.map(publicTags.card),
  );
}
