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
  /** The other cities she is listed in today (a tour under way, modules/tours). */
  tourCities: readonly number[];
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
  /** Every entry, and per city, newest (highest id) first: what the next rebuild patches. */
  entries: IndexEntry[];
  cityEntries: Map<number, IndexEntry[]>;
  /** The same as columns, what the pass reads. */
  all: Segment;
  byCity: Map<number, Segment>;
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
  // Written out qualified: a selected expression renders its columns without their table. The "today" placeholder
  // is the statement's day (a tour under way: starts_on ≤ today ≤ ends_on, as modules/tours reads it).
  tourCities: sql<number[]>`array(select t."municipio_id" from "tours" t where t."model_id" = "models"."id"
    and t."starts_on" <= ${sql.placeholder("today")}::date and t."ends_on" >= ${sql.placeholder("today")}::date)`,
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
  tourCities: number[];
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
    tourCities: row.tourCities.filter((city) => city !== row.cityId),
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

type Versioned = Pick<FilterIndex, "day" | "version" | "loadedAt" | "fullAt">;

/** The cities that list her today: her own and those of a tour under way. */
const citiesOf = (entry: IndexEntry) => [entry.cityId, ...entry.tourCities];

function assemble(base: Versioned, byId: Map<number, IndexEntry>): FilterIndex {
  const entries = [...byId.values()].sort((a, b) => b.id - a.id);
  const cityEntries = new Map<number, IndexEntry[]>();
  for (const entry of entries) {
    for (const city of citiesOf(entry)) {
      const list = cityEntries.get(city);
      if (list) list.push(entry);
      else cityEntries.set(city, [entry]);
    }
  }
  const byCity = new Map([...cityEntries].map(([city, list]) => [city, segmentOf(list)]));
  return { ...base, byId, entries, cityEntries, all: segmentOf(entries), byCity };
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
function patch(previous: FilterIndex, base: Versioned, changed: readonly number[], rows: readonly IndexEntry[]) {
  const without = new Set(changed);
  const byId = new Map(previous.byId);
  const cities = new Set<number>();
  for (const id of changed) {
    const old = byId.get(id);
    if (old) for (const city of citiesOf(old)) cities.add(city);
    byId.delete(id);
  }
  for (const entry of rows) {
    byId.set(entry.id, entry);
    for (const city of citiesOf(entry)) cities.add(city);
  }
  const cityEntries = new Map(previous.cityEntries);
  const byCity = new Map(previous.byCity);
  for (const city of cities) {
    const list = patched(
      previous.cityEntries.get(city) ?? [],
      without,
      rows.filter((entry) => citiesOf(entry).includes(city)),
    );
    if (list.length > 0) {
      cityEntries.set(city, list);
      byCity.set(city, segmentOf(list));
    } else {
      cityEntries.delete(city);
      byCity.delete(city);
    }
  }
  const entries = patched(previous.entries, without, rows);
  return { ...base, byId, entries, cityEntries, all: segmentOf(entries), byCity };
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
    index = patch(previous, { day: today, version, loadedAt: Date.now(), fullAt: previous.fullAt }, ids, entries);
  } else {
    const rows = await statements(db).all.execute({ today });
    const byId = new Map<number, IndexEntry>();
    for (const row of rows) {
      const entry = toEntry(row);
      if (entry) byId.set(entry.id, entry);
    }
    index = assemble({ day: today, version, loadedAt: Date.now(), fullAt: Date.now() }, byId);
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

// The filters and orders, read on the index. The one place they are written: every listing is answered here.

/**
 * A list of entries (the country's, or a city's) as columns, newest first: the pass reads typed arrays in one tight
 * loop (a country-wide page costs well under a millisecond, not tens).
 */
export type Segment = {
  length: number;
  id: Int32Array;
  categoryId: Int32Array;
  /** -1: none. */
  age: Int16Array;
  /** Cents per hour; -1: none. */
  priceFrom: Int32Array;
  receivesAt: Uint8Array;
  /** FEATURED | VERIFIED | PHOTO bits. */
  flags: Uint8Array;
  availableUntil: Float64Array;
  viewsCount: Int32Array;
  services: (readonly string[])[];
  neighborhood: string[];
};

const FEATURED = 1;
const VERIFIED = 2;
const PHOTO = 4;

export function segmentOf(entries: readonly IndexEntry[]): Segment {
  const n = entries.length;
  const segment: Segment = {
    length: n,
    id: new Int32Array(n),
    categoryId: new Int32Array(n),
    age: new Int16Array(n),
    priceFrom: new Int32Array(n),
    receivesAt: new Uint8Array(n),
    flags: new Uint8Array(n),
    availableUntil: new Float64Array(n),
    viewsCount: new Int32Array(n),
    services: new Array<readonly string[]>(n),
    neighborhood: new Array<string>(n),
  };
  entries.forEach((e, i) => {
    segment.id[i] = e.id;
    segment.categoryId[i] = e.categoryId ?? -1;
    segment.age[i] = e.age ?? -1;
    segment.priceFrom[i] = e.priceFrom ?? -1;
    segment.receivesAt[i] = e.receivesAt;
    segment.flags[i] = (e.isFeatured ? FEATURED : 0) | (e.isVerified ? VERIFIED : 0) | (e.hasPhoto ? PHOTO : 0);
    segment.availableUntil[i] = e.availableUntil;
    segment.viewsCount[i] = e.viewsCount;
    segment.services[i] = e.services;
    segment.neighborhood[i] = e.neighborhood;
  });
  return segment;
}

export const EMPTY_SEGMENT = segmentOf([]);

/** Past this many remembered texts per segment, its memberships are forgotten (visitors type what they like). */
const MAX_MEMBERSHIPS = 64;
const memberships = new WeakMap<Segment, Map<string, Uint8Array>>();

/**
 * Which entries of the segment pass a text test (she offers a service, her neighbourhood contains a part), worked
 * out once per segment and text: the pass then reads one byte per entry instead of searching strings.
 */
function membership(segment: Segment, key: string, test: (i: number) => boolean): Uint8Array {
  let known = memberships.get(segment);
  if (!known) memberships.set(segment, (known = new Map()));
  let found = known.get(key);
  if (!found) {
    if (known.size >= MAX_MEMBERSHIPS) known.clear();
    found = new Uint8Array(segment.length);
    for (let i = 0; i < segment.length; i++) found[i] = test(i) ? 1 : 0;
    known.set(key, found);
  }
  return found;
}

const cents = (reais: number) => reais * 100;

/**
 * The orders as one number per match, higher first: the order's own value above, the id (newer first, the tie
 * break of every order) in the low 28 bits. Prices (cents) and views are capped at 2^24 - 1, so every key stays an
 * exact integer (below 2^52).
 */
const ID_SPAN = 2 ** 28;
/** Above every relevance value of the ordinary order (0–3): the first lift. */
export const LIFT_BASE = 4;
const VALUE_CAP = 2 ** 24 - 1;
const ORDER_CODES = { relevancia: 0, menor_preco: 1, maior_preco: 2, recentes: 3, mais_vistas: 4 } as const;

/** Keeps the `size` highest keys seen (a min-heap: most keys are refused by one comparison with its root). */
class TopKeys {
  private readonly heap: Float64Array;
  count = 0;
  constructor(private readonly size: number) {
    this.heap = new Float64Array(Math.max(1, size));
  }
  offer(key: number) {
    const heap = this.heap;
    if (this.count < this.size) {
      let i = this.count++;
      while (i > 0) {
        const parent = (i - 1) >> 1;
        if (heap[parent] <= key) break;
        heap[i] = heap[parent];
        i = parent;
      }
      heap[i] = key;
    } else if (this.size > 0 && key > heap[0]) {
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        if (left >= this.size) break;
        const right = left + 1;
        const child = right < this.size && heap[right] < heap[left] ? right : left;
        if (heap[child] >= key) break;
        heap[i] = heap[child];
        i = child;
      }
      heap[i] = key;
    }
  }
  /** The kept keys, highest first. */
  sorted(): number[] {
    return Array.from(this.heap.subarray(0, this.count)).sort((a, b) => b - a);
  }
}

/** `facets` is counted only when asked (all zero otherwise). */
export type FilteredPage = { ids: number[]; total: number; facets: ListingFacets };

/**
 * One page of the entries matching the filters, in the chosen order (relevance: featured first, then "Disponível
 * agora", then newest; prices: no price last; ties newest first), the total, and the counts per option within the
 * current filters: each place she receives at counted within the other filters (choosing it widens or narrows the
 * "atende" choice), each flag within all the current filters plus that flag. Several services: she offers every
 * one; several places: any of them; a price range: only models whose rates give a price; `bairro`: part of her
 * normalised neighbourhood. `only`: the ids a text search found (null: no search).
 */
export function queryIndex(
  segment: Segment,
  filters: Partial<ListingFilters> & Pick<ListingFilters, "ordem">,
  page: { offset: number; limit: number },
  only: ReadonlySet<number> | null,
  {
    now = Date.now(),
    facets = true,
    lift = null,
  }: {
    now?: number;
    facets?: boolean;
    /** In relevance order, these ids' places above every other (higher first): paid boosts of the city. */
    lift?: ReadonlyMap<number, number> | null;
  } = {},
): FilteredPage {
  const category = filters.categoria ?? -1;
  const ageFiltered = filters.idade_min !== undefined || filters.idade_max !== undefined;
  const ageMin = filters.idade_min ?? 0;
  const ageMax = filters.idade_max ?? Infinity;
  const priceFiltered = filters.preco_min !== undefined || filters.preco_max !== undefined;
  const priceMin = filters.preco_min === undefined ? 0 : cents(filters.preco_min);
  const priceMax = filters.preco_max === undefined ? Infinity : cents(filters.preco_max);
  const required = (filters.verificada ? VERIFIED : 0) | (filters.com_fotos ? PHOTO : 0);
  const needAvailable = filters.disponivel === true;
  const texts = [
    ...(filters.servico ?? []).map((name) => {
      const service = normalizeText(name).replace(/\s+/g, " ");
      return membership(segment, `s:${service}`, (i) => segment.services[i].includes(service));
    }),
    ...(filters.bairro
      ? [normalizeText(filters.bairro).replace(/\s+/g, " ")].map((part) =>
          membership(segment, `b:${part}`, (i) => segment.neighborhood[i].includes(part)),
        )
      : []),
  ];
  const chosen = filters.atende?.length ? receivesMask(filters.atende) : 0;
  const order = ORDER_CODES[filters.ordem];
  const top = new TopKeys(page.offset + page.limit);
  const perPlace = new Int32Array(RECEIVES_AT.length);
  let total = 0;
  let verified = 0;
  let withPhoto = 0;
  let available = 0;
  const { id, categoryId, age, priceFrom, receivesAt, flags, availableUntil, viewsCount } = segment;
  for (let i = 0; i < segment.length; i++) {
    if (category >= 0 && categoryId[i] !== category) continue;
    if (ageFiltered && (age[i] < 0 || age[i] < ageMin || age[i] > ageMax)) continue;
    const price = priceFrom[i];
    if (priceFiltered && (price < 0 || price < priceMin || price > priceMax)) continue;
    const flag = flags[i];
    if ((flag & required) !== required) continue;
    const isAvailable = availableUntil[i] > now;
    if (needAvailable && !isAvailable) continue;
    let textsPass = true;
    for (let t = 0; t < texts.length && textsPass; t++) textsPass = texts[t][i] === 1;
    if (!textsPass) continue;
    if (only && !only.has(id[i])) continue;
    const places = receivesAt[i];
    if (facets) for (let bit = 0; places >> bit; bit++) if (places & (1 << bit)) perPlace[bit] += 1;
    if (chosen && !(places & chosen)) continue;
    total += 1;
    if (facets) {
      if (flag & VERIFIED) verified += 1;
      if (flag & PHOTO) withPhoto += 1;
      if (isAvailable) available += 1;
    }
    let value = 0;
    if (order === 0) {
      value = (flag & FEATURED ? 2 : 0) + (isAvailable ? 1 : 0);
      if (lift !== null) value += lift.get(id[i]) ?? 0;
    } else if (order === 1) value = price < 0 ? 0 : VALUE_CAP + 1 - Math.min(price, VALUE_CAP);
    else if (order === 2) value = price < 0 ? 0 : Math.min(price, VALUE_CAP - 1) + 1;
    else if (order === 4) value = Math.min(viewsCount[i], VALUE_CAP);
    top.offer(value * ID_SPAN + id[i]);
  }
  const ids = top
    .sorted()
    .slice(page.offset)
    .map((key) => key % ID_SPAN);
  return {
    ids,
    total,
    facets: {
      atende: Object.fromEntries(RECEIVES_AT.map((place, i) => [place, perPlace[i]])) as ListingFacets["atende"],
      verificada: verified,
      com_fotos: withPhoto,
      disponivel: available,
    },
  };
}
