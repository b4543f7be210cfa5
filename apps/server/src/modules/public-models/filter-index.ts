import {
  type ListingFacets,
  type ListingFilters,
  normalizeText,
  RECEIVES_AT,
  type ReceivesAt,
} from "@vitrine/contracts";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { perDatabase } from "../../db/per-database";
import { models, publicDataVersion } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { DEFAULT_PUBLIC_CACHE_TTL_MS } from "../../config";
import { type PublicCache, publicTags } from "../../cache/public-cache";
import { isPubliclyVisible } from "../models/visibility";

/**
 * The filter index (decision 080): for every model public today, the fields the listing filters and orders read,
 * held in memory so that any combination of filters, in a city or over the whole country, is answered by one pass
 * over the city's (or the country's) entries — no statement to plan per combination, no count over the database.
 * It is one entry of the public cache, dropped like any other when the data it holds changes (tags list:all and
 * filters, which every change of a public model's membership, order or filtered fields touches) and then rebuilt
 * from the one before it: only the models whose card changed since (public_changes' card:<id> tags) are read
 * again. A full read happens on the first use, on a new day (the public rule depends on the date), when the changes
 * were pruned or touched everything, and past the cache's TTL (views, which touch no tag, order "mais vistas").
 */

/** One public model as the filters see her. */
export type IndexEntry = {
  id: number;
  cityId: number;
  categoryId: number | null;
  age: number | null;
  /** Cents per hour, or null when her rates give none. */
  priceFrom: number | null;
  /** Bit i: she receives at RECEIVES_AT[i]. */
  receivesAt: number;
  /** Her services, normalised (models.services_search). */
  services: readonly string[];
  /** Her neighbourhood, normalised (models.neighborhood_search). */
  neighborhood: string;
  isFeatured: boolean;
  isVerified: boolean;
  /** She has a public primary photo (her card shows a picture). */
  hasPhoto: boolean;
  /** "Disponível agora" end, ms since the epoch (0: none); compared with now on every read. */
  availableUntil: number;
  viewsCount: number;
};

export type FilterIndex = {
  day: string;
  /** public_data_version.version read before the rows. */
  version: number;
  loadedAt: number;
  /** Time of the last full read (incremental rebuilds keep it). */
  fullAt: number;
  byId: Map<number, IndexEntry>;
  /** Every entry, and per city, newest (highest id) first. */
  all: IndexEntry[];
  byCity: Map<number, IndexEntry[]>;
};

/** Past this many changed models, a rebuild reads everything again. */
const MAX_INCREMENTAL = 2_000;

const receivesMask = (places: readonly string[]) =>
  places.reduce((mask, place) => {
    const i = RECEIVES_AT.indexOf(place as ReceivesAt);
    return i < 0 ? mask : mask | (1 << i);
  }, 0);

const entryColumns = {
  id: models.id,
  cityId: models.municipioId,
  categoryId: models.categoryId,
  age: models.age,
  priceFrom: models.priceFrom,
  receivesAt: models.receivesAt,
  services: models.servicesSearch,
  neighborhood: models.neighborhoodSearch,
  isFeatured: models.isFeatured,
  isVerified: models.isVerified,
  // Written out qualified: a selected expression renders its columns without their table.
  hasPhoto: sql<boolean>`exists (select 1 from "photos" where "photos"."model_id" = "models"."id"
    and "photos"."is_primary" and "photos"."is_public")`,
  availableUntil: models.availableUntil,
  viewsCount: models.viewsCount,
};

type EntryRow = {
  id: number;
  cityId: number | null;
  categoryId: number | null;
  age: number | null;
  priceFrom: number | null;
  receivesAt: string[];
  services: string[];
  neighborhood: string;
  isFeatured: boolean;
  isVerified: boolean;
  hasPhoto: boolean;
  availableUntil: Date | string | null;
  viewsCount: number;
};

function toEntry(row: EntryRow): IndexEntry | null {
  if (row.cityId === null) return null;
  return {
    id: row.id,
    cityId: row.cityId,
    categoryId: row.categoryId,
    age: row.age,
    priceFrom: row.priceFrom,
    receivesAt: receivesMask(row.receivesAt),
    services: row.services,
    neighborhood: row.neighborhood,
    isFeatured: row.isFeatured,
    isVerified: row.isVerified,
    hasPhoto: row.hasPhoto,
    availableUntil: row.availableUntil === null ? 0 : new Date(row.availableUntil).getTime(),
    viewsCount: row.viewsCount,
  };
}

const statements = perDatabase((db: Db) => ({
  version: db
    .select({
      version: publicDataVersion.version,
      prunedThrough: publicDataVersion.prunedThrough,
      // The models whose card (or more) changed after the given version, up to the one read here.
      // Written out qualified: a selected expression renders its columns without their table.
      changed: sql<string[] | null>`(select array_agg(c."tag") from "public_changes" c
        where c."version" > ${sql.placeholder("after")} and c."version" <= "public_data_version"."version"
          and (c."tag" like 'card:%' or c."tag" = 'all'))`,
    })
    .from(publicDataVersion)
    .where(eq(publicDataVersion.id, 1))
    .prepare("filter_index_version"),
  all: db
    .select(entryColumns)
    .from(models)
    .where(isPubliclyVisible(sql.placeholder("today")))
    .prepare("filter_index_all"),
  some: db
    .select(entryColumns)
    .from(models)
    .where(and(sql`${models.id} = any(${sql.placeholder("ids")}::int[])`, isPubliclyVisible(sql.placeholder("today"))))
    .prepare("filter_index_some"),
}));

/** The last index built per database: the next build starts from it. */
const lastIndex = new WeakMap<Db, FilterIndex>();

function assemble(base: Omit<FilterIndex, "all" | "byCity">): FilterIndex {
  const all = [...base.byId.values()].sort((a, b) => b.id - a.id);
  const byCity = new Map<number, IndexEntry[]>();
  for (const entry of all) {
    const list = byCity.get(entry.cityId);
    if (list) list.push(entry);
    else byCity.set(entry.cityId, [entry]);
  }
  return { ...base, all, byCity };
}

/** `list` (newest first) without the given ids and with the given entries in their places. */
function patched(list: readonly IndexEntry[], without: ReadonlySet<number>, add: readonly IndexEntry[]) {
  const kept = list.filter((entry) => !without.has(entry.id));
  for (const entry of [...add].sort((a, b) => b.id - a.id)) {
    let low = 0;
    let high = kept.length;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (kept[mid].id > entry.id) low = mid + 1;
      else high = mid;
    }
    kept.splice(low, 0, entry);
  }
  return kept;
}

/** The previous index with the changed models read again: only their cities' lists are rebuilt. */
function patch(previous: FilterIndex, changed: readonly number[], rows: readonly IndexEntry[], version: number) {
  const without = new Set(changed);
  const byId = new Map(previous.byId);
  const cities = new Set<number>();
  for (const id of changed) {
    const old = byId.get(id);
    if (old) cities.add(old.cityId);
    byId.delete(id);
  }
  for (const entry of rows) {
    byId.set(entry.id, entry);
    cities.add(entry.cityId);
  }
  const byCity = new Map(previous.byCity);
  for (const city of cities) {
    const list = patched(
      previous.byCity.get(city) ?? [],
      without,
      rows.filter((entry) => entry.cityId === city),
    );
    if (list.length > 0) byCity.set(city, list);
    else byCity.delete(city);
  }
  return {
    day: previous.day,
    version,
    loadedAt: Date.now(),
    fullAt: previous.fullAt,
    byId,
    all: patched(previous.all, without, rows),
    byCity,
  };
}

async function buildIndex(db: Db, fullAfterMs: number): Promise<FilterIndex> {
  const today = todayInSaoPaulo();
  const previous = lastIndex.get(db);
  const usable = previous && previous.day === today && Date.now() - previous.fullAt < fullAfterMs;
  const [head] = await statements(db).version.execute({ after: usable ? previous.version : Number.MAX_SAFE_INTEGER });
  const version = Number(head?.version ?? 0);
  const changed = head?.changed ?? [];
  let index: FilterIndex;
  if (
    usable &&
    Number(head?.prunedThrough ?? 0) <= previous.version &&
    !changed.includes("all") &&
    changed.length <= MAX_INCREMENTAL
  ) {
    const ids = changed.map((tag) => Number(tag.slice("card:".length)));
    const rows = ids.length > 0 ? await statements(db).some.execute({ ids: `{${ids.join(",")}}`, today }) : [];
    const entries = rows.flatMap((row) => toEntry(row) ?? []);
    index = patch(previous, ids, entries, version);
  } else {
    const rows = await statements(db).all.execute({ today });
    const byId = new Map<number, IndexEntry>();
    for (const row of rows) {
      const entry = toEntry(row);
      if (entry) byId.set(entry.id, entry);
    }
    index = assemble({ day: today, version, loadedAt: Date.now(), fullAt: Date.now(), byId });
  }
  const newest = lastIndex.get(db);
  if (!newest || newest.version <= index.version) lastIndex.set(db, index);
  return index;
}

/**
 * The filter index as of the cache's current version. A caller computing a cached value of one city narrows its
 * tags to that city's (cache.narrow): the index itself shows every city.
 */
export function getFilterIndex(db: Db, cache: PublicCache, fullAfterMs = DEFAULT_PUBLIC_CACHE_TTL_MS) {
  return cache.get("filter-index", () => buildIndex(db, fullAfterMs), {
    tags: [publicTags.listAll, publicTags.filters],
    // Held by this module between builds anyway: the cache's budget is for what it alone keeps.
    weigh: () => 1024,
  });
}

/** Reads the index now (a server that just started), so that no visitor waits for its first read. */
export async function warmFilterIndex(db: Db, cache: PublicCache): Promise<void> {
  await getFilterIndex(db, cache);
}

// The filters and orders, read on the index. The one place they are written: any filtered listing is answered here.

type Matcher = (entry: IndexEntry) => boolean;

const cents = (reais: number) => reais * 100;

/** Every chosen filter but `atende` (the facets count its options within the others), as one test. */
function otherFiltersMatcher(filters: Partial<ListingFilters>, now: number): Matcher {
  const tests: Matcher[] = [];
  const { categoria, idade_min, idade_max, preco_min, preco_max } = filters;
  if (categoria !== undefined) tests.push((e) => e.categoryId === categoria);
  if (idade_min !== undefined) tests.push((e) => e.age !== null && e.age >= idade_min);
  if (idade_max !== undefined) tests.push((e) => e.age !== null && e.age <= idade_max);
  // A price range lists only models whose rates give a price.
  if (preco_min !== undefined) tests.push((e) => e.priceFrom !== null && e.priceFrom >= cents(preco_min));
  if (preco_max !== undefined) tests.push((e) => e.priceFrom !== null && e.priceFrom <= cents(preco_max));
  const services = (filters.servico ?? []).map((s) => normalizeText(s).replace(/\s+/g, " "));
  if (services.length > 0) tests.push((e) => services.every((s) => e.services.includes(s)));
  if (filters.bairro) {
    const part = normalizeText(filters.bairro).replace(/\s+/g, " ");
    tests.push((e) => e.neighborhood.includes(part));
  }
  if (filters.verificada) tests.push((e) => e.isVerified);
  if (filters.com_fotos) tests.push((e) => e.hasPhoto);
  if (filters.disponivel) tests.push((e) => e.availableUntil > now);
  return (e) => tests.every((test) => test(e));
}

/** `atende`: she receives at any of the chosen places (no choice: any). */
function receivesAtMask(filters: Partial<ListingFilters>): number {
  return filters.atende?.length ? receivesMask(filters.atende) : 0;
}

type Comparator = (a: IndexEntry, b: IndexEntry) => number;

/** The orders; ties newest first (entries are kept newest first, so a stable pass keeps that order). */
function comparator(order: ListingFilters["ordem"], now: number): Comparator {
  const byId: Comparator = (a, b) => b.id - a.id;
  const price = (e: IndexEntry, missing: number) => e.priceFrom ?? missing;
  switch (order) {
    case "relevancia":
      // Featured first, then "Disponível agora", then newest.
      return (a, b) =>
        Number(b.isFeatured) - Number(a.isFeatured) ||
        Number(b.availableUntil > now) - Number(a.availableUntil > now) ||
        byId(a, b);
    case "menor_preco":
      return (a, b) => price(a, Infinity) - price(b, Infinity) || byId(a, b);
    case "maior_preco":
      return (a, b) => price(b, -Infinity) - price(a, -Infinity) || byId(a, b);
    case "recentes":
      return byId;
    case "mais_vistas":
      return (a, b) => b.viewsCount - a.viewsCount || byId(a, b);
  }
}

/** Up to this many first matches are kept in order while scanning; a deeper page sorts every match. */
const MAX_INSERTION = 200;

export type FilteredPage = { ids: number[]; total: number; facets: ListingFacets };

/**
 * One page of the entries matching the filters, in the chosen order, the total, and the counts per option within
 * the current filters: each place she receives at counted within the other filters (choosing it widens or narrows
 * the "atende" choice), each flag within all the current filters plus that flag. `only`: the ids a text search
 * found (null: no search).
 */
export function queryIndex(
  entries: readonly IndexEntry[],
  filters: Partial<ListingFilters> & Pick<ListingFilters, "ordem">,
  page: { offset: number; limit: number },
  only: ReadonlySet<number> | null,
  now = Date.now(),
): FilteredPage {
  const others = otherFiltersMatcher(filters, now);
  const chosen = receivesAtMask(filters);
  const compare = comparator(filters.ordem, now);
  const want = page.offset + page.limit;
  const perPlace = RECEIVES_AT.map(() => 0);
  let verificada = 0;
  let comFotos = 0;
  let disponivel = 0;
  let total = 0;
  // The best `want` matches so far, kept sorted by insertion (a first page is small); a deep page sorts them all.
  const deep = want > MAX_INSERTION;
  const best: IndexEntry[] = [];
  for (const entry of entries) {
    if (only && !only.has(entry.id)) continue;
    if (!others(entry)) continue;
    for (let i = 0; i < perPlace.length; i++) if (entry.receivesAt & (1 << i)) perPlace[i] += 1;
    if (chosen && !(entry.receivesAt & chosen)) continue;
    total += 1;
    if (entry.isVerified) verificada += 1;
    if (entry.hasPhoto) comFotos += 1;
    if (entry.availableUntil > now) disponivel += 1;
    if (deep) {
      best.push(entry);
      continue;
    }
    if (best.length === want && compare(entry, best[want - 1]) >= 0) continue;
    let at = best.length;
    while (at > 0 && compare(entry, best[at - 1]) < 0) at -= 1;
    best.splice(at, 0, entry);
    if (best.length > want) best.pop();
  }
  if (deep) best.sort(compare);
  return {
    ids: best.slice(page.offset, want).map((e) => e.id),
    total,
    facets: {
      atende: Object.fromEntries(RECEIVES_AT.map((place, i) => [place, perPlace[i]])) as ListingFacets["atende"],
      verificada,
      com_fotos: comFotos,
      disponivel,
    },
  };
}
