import { AsyncLocalStorage } from "node:async_hooks";
import { and, eq, gt, lte, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_PUBLIC_CACHE_MAX_MB, DEFAULT_PUBLIC_CACHE_TTL_MS } from "../config";
import type { Db } from "../db/client";
import { publicChanges, publicDataVersion } from "../db/schema";
import { todayInSaoPaulo } from "../lib/dates";

declare module "fastify" {
  interface FastifyInstance {
    /** Public lists, pages and response bodies kept in memory, each dropped when the data it shows changes. */
    publicCache: PublicCache;
  }
}

/**
 * The tags of the data an entry shows, as the database triggers write them into public_changes (migration 0033,
 * which lists them): one place builds each tag name.
 */
export const publicTags = {
  /** Her profile page and API answer. */
  model: (id: number) => `model:${id}`,
  /** Her card in any list. */
  card: (id: number) => `card:${id}`,
  /** Which models the unfiltered listing (and home) shows, and in which order. */
  listAll: "list:all",
  /** Which models a city lists, in which order, and its count. */
  listCity: (cityId: number) => `list:city:${cityId}`,
  /** Which models any text search finds. */
  search: "search",
  /** The per-city counts. */
  cities: "cities",
  /** Anything public about any model (the sitemap). */
  models: "models",
  /** What filtered listings without a city show (a field a filter or an order reads; migration 0042). */
  filters: "filters",
  /** What filtered listings of a city show. */
  filtersCity: (cityId: number) => `filters:city:${cityId}`,
  /** The admin's list of service names. */
  serviceOptions: "service-options",
  /** Which paid boosts are live, in any city (migration 0048). */
  boosts: "boosts",
} as const;

/** Touches every entry (settings, categories, anything without a finer tag). */
const ALL = "all";

/** Past this many remembered tags, those older than every entry are forgotten (or everything is dropped). */
const MAX_REMEMBERED_TAGS = 200_000;

type Entry = {
  /** The São Paulo day it was computed on: visibility depends on the date, so an entry lives one day. */
  day: string;
  /** The data version it is at least as new as (known before its data was read). */
  computedAt: number;
  tags: readonly string[];
  expiresAt: number;
  value: unknown;
  weight: number;
  /** Read since eviction last passed it: it gets a second chance (moved to the newest end) instead of going. */
  used: boolean;
};

/**
 * The tags an entry being computed depends on, and the version known when it began. A cached value it reads was
 * valid at least as of that version when read, so it keeps the entry's version and gives its tags.
 */
type Collector = { tags: Set<string>; computedAt: number };

/** A computation of one key: requests for the key while it runs wait for it. */
type Run = { seen: number; day: string; collector: Collector; promise: Promise<unknown> };

export type GetOptions<T> = {
  /** Memory the value holds, in bytes (default 1 KB); the least recently used entries go first. */
  weigh?: (value: T) => number;
  /** false: the value depends only on the data (no counters), so it never needs a refresh. */
  expires?: boolean;
  /** What the value shows (publicTags), besides the tags of the cached values its computation reads. */
  tags?: readonly string[];
  /** Called when the answer is not a valid stored entry (this request computes or waits). */
  onMiss?: () => void;
};

export type PublicCache = {
  /** "today:version": changes whenever public data changes (database triggers) or the day turns. */
  currentVersion(): Promise<string>;
  /** The next request checks for changes again, even inside the staleness window (a change was announced). */
  forgetVersion(): void;
  /**
   * The cached value for key, computing it once when missing or when data it shows has changed since. An entry
   * past its TTL is still answered while it is refreshed in the background.
   */
  get<T>(key: string, compute: () => Promise<T>, options?: GetOptions<T>): Promise<T>;
  /** Inside a computation: the value being computed also shows these tags (e.g. the cards it read). */
  tag(...tags: string[]): void;
  /**
   * Runs fn, whose cached reads count for the value being computed with these tags instead of their own: a city
   * page that reads the count map uses only its city's count (publicTags.listCity).
   */
  narrow<T>(tags: readonly string[], fn: () => Promise<T>): Promise<T>;
};

type ChangeRow = { version: number; prunedThrough: number; changed: number | null; tag: string | null };

/**
 * Public lists, pages and bodies are the same for every visitor and change rarely, so they are kept in memory.
 * Each entry remembers the data version it was computed at and the tags of what it shows. The database triggers
 * (migration 0033) move the one-row public_data_version once per transaction, at commit under its row lock, and
 * write the tags the transaction touched under its version; a check reads the changes since the last one (one
 * statement, so the version and its tags are seen together), and an entry stays valid while none of its tags
 * (nor `all`) changed after the version it was computed at. Every server instance reads the same rows, so each
 * follows every change, whichever instance wrote it. Views and contacts touch no tag; the TTL bounds their lag.
 */
export function createPublicCache(
  db: Db,
  opts: { ttlMs?: number; maxStalenessMs?: number; maxBytes?: number } = {},
): PublicCache {
  const ttlMs = opts.ttlMs ?? DEFAULT_PUBLIC_CACHE_TTL_MS;
  // The budget in weight units (about bytes: an id list weighs 4 per id, a body its length).
  const maxWeight = opts.maxBytes ?? DEFAULT_PUBLIC_CACHE_MAX_MB * 1024 * 1024;
  const maxStalenessMs = opts.maxStalenessMs ?? 0;
  // The highest version whose changes are known, when it was checked, and per tag the version of its last change.
  let seen: number | null = null;
  let checkedAt = 0;
  let forgotten = 0;
  const changedAt = new Map<string, number>();
  let checkQuery: Promise<void> | null = null;
  const entries = new Map<string, Entry>();
  let totalWeight = 0;
  const pending = new Map<string, Run>();
  const scope = new AsyncLocalStorage<Collector>();

  function applyChanges(rows: ChangeRow[], from: number | null) {
    const head = rows[0];
    if (!head) return;
    const version = Number(head.version);
    const versions = new Set<number>();
    if (from !== null && from >= Number(head.prunedThrough)) {
      for (const row of rows) {
        if (row.tag === null || row.changed === null) continue;
        const at = Number(row.changed);
        versions.add(at);
        if ((changedAt.get(row.tag) ?? 0) < at) changedAt.set(row.tag, at);
      }
    }
    // Nothing seen yet, changes since the last check pruned, or a version moved without tags (a writer that does
    // not say what it changed): nothing computed before this version is known valid.
    if (from === null || (version > from && versions.size < version - from)) {
      changedAt.set(ALL, Math.max(changedAt.get(ALL) ?? 0, version));
    }
    if (seen === null || version > seen) seen = version;
    if (changedAt.size > MAX_REMEMBERED_TAGS) forgetOldTags();
  }

  // Tags changed before every entry was computed decide nothing; if too many remain, everything is dropped.
  function forgetOldTags() {
    let oldest = Infinity;
    for (const entry of entries.values()) oldest = Math.min(oldest, entry.computedAt);
    for (const [tag, at] of changedAt) if (tag !== ALL && at <= oldest) changedAt.delete(tag);
    if (changedAt.size > MAX_REMEMBERED_TAGS / 2 && seen !== null) {
      changedAt.clear();
      changedAt.set(ALL, seen);
    }
  }

  // Concurrent requests share one check: a request that starts after a write has committed either starts a new
  // check or joins one that began after it, except for requests racing the write itself.
  function check(): Promise<void> {
    if (seen !== null && Date.now() - checkedAt < maxStalenessMs) return Promise.resolve();
    if (checkQuery) return checkQuery;
    const startedAt = Date.now();
    const generation = forgotten;
    const from = seen;
    // With nothing seen yet, no change rows are read (the first check only learns the version).
    const after = from ?? Number.MAX_SAFE_INTEGER;
    const query: Promise<void> = db
      .select({
        version: publicDataVersion.version,
        prunedThrough: publicDataVersion.prunedThrough,
        changed: publicChanges.version,
        tag: publicChanges.tag,
      })
      .from(publicDataVersion)
      .leftJoin(
        publicChanges,
        and(gt(publicChanges.version, after), lte(publicChanges.version, publicDataVersion.version)),
      )
      .where(eq(publicDataVersion.id, 1))
      .then((rows: ChangeRow[]) => {
        applyChanges(rows, from);
        // A check that began before a change was announced may predate the change: use it, never rely on it.
        if (generation === forgotten) checkedAt = startedAt;
      })
      .finally(() => {
        if (checkQuery === query) checkQuery = null;
      });
    checkQuery = query;
    return query;
  }

  async function currentVersion(): Promise<string> {
    await check();
    return `${todayInSaoPaulo()}:${seen ?? 0}`;
  }

  function isValid(computedAt: number, tags: Iterable<string>, day: string, today: string): boolean {
    if (day !== today || (changedAt.get(ALL) ?? 0) > computedAt) return false;
    for (const tag of tags) if ((changedAt.get(tag) ?? 0) > computedAt) return false;
    return true;
  }

  /** The value just read counts for the value being computed around it, if any: it shows its tags too. */
  function inherit(parent: Collector | undefined, tags: Iterable<string>) {
    if (parent) for (const tag of tags) parent.tags.add(tag);
  }

  function store(key: string, entry: Entry) {
    remove(key);
    entries.set(key, entry);
    totalWeight += entry.weight;
    // Least recently used first, approximately ("second chance"): a hit only marks its entry, since moving it to
    // the newest end of the Map on every hit cost a tenth of the server's CPU; eviction moves the marked ones then
    // (behind the new entry, unmarked, so the walk reaches them again when every older entry was marked).
    for (const [oldest, candidate] of entries) {
      if (totalWeight <= maxWeight) break;
      // The entry just stored stays, even alone over the budget.
      if (oldest === key) continue;
      if (candidate.used) {
        candidate.used = false;
        entries.delete(oldest);
        entries.set(oldest, candidate);
      } else remove(oldest);
    }
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalWeight -= entry.weight;
    entries.delete(key);
  }

  function start<T>(key: string, compute: () => Promise<T>, options: GetOptions<T>): Run {
    const version = seen ?? 0;
    const collector: Collector = { tags: new Set(options.tags), computedAt: version };
    const run: Run = { seen: version, day: todayInSaoPaulo(), collector, promise: Promise.resolve() };
    run.promise = scope
      .run(collector, compute)
      .then((value) => {
        const current = entries.get(key);
        // A slower, older computation never replaces a newer entry.
        if (!current || current.day !== run.day || current.computedAt <= collector.computedAt) {
          store(key, {
            day: run.day,
            computedAt: collector.computedAt,
            tags: [...collector.tags],
            expiresAt: options.expires === false ? Infinity : Date.now() + ttlMs,
            value,
            weight: options.weigh?.(value) ?? 1024,
            used: false,
          });
        }
        return value;
      })
      .finally(() => {
        if (pending.get(key) === run) pending.delete(key);
      });
    pending.set(key, run);
    return run;
  }

  /**
   * The outcome of a computation, for a request that knew the changes up to `needed`: a computation that began
   * knowing them answers; an older one answers when what it read is still valid, else a newer one is awaited.
   */
  async function settle<T>(
    key: string,
    run: Run,
    needed: number,
    compute: () => Promise<T>,
    options: GetOptions<T>,
    parent: Collector | undefined,
  ): Promise<T> {
    let outcome: { ok: true; value: T } | { ok: false; error: unknown };
    try {
      outcome = { ok: true, value: (await run.promise) as T };
    } catch (error) {
      outcome = { ok: false, error };
    }
    const { collector } = run;
    if (run.seen < needed && !isValid(collector.computedAt, collector.tags, run.day, todayInSaoPaulo())) {
      const newer = pending.get(key);
      return settle(
        key,
        newer && newer.seen >= needed ? newer : start(key, compute, options),
        needed,
        compute,
        options,
        parent,
      );
    }
    inherit(parent, collector.tags);
    if (!outcome.ok) throw outcome.error;
    return outcome.value;
  }

  async function get<T>(key: string, compute: () => Promise<T>, options: GetOptions<T> = {}): Promise<T> {
    const parent = scope.getStore();
    await check();
    const needed = seen ?? 0;
    const today = todayInSaoPaulo();
    const hit = entries.get(key);
    if (hit && isValid(hit.computedAt, hit.tags, hit.day, today)) {
      // The least recently used entries go first when the cache is full (store): a hit marks its entry.
      hit.used = true;
      // Same data, only the counters may have moved: answer at once and refresh behind the scenes, so that
      // expiry never makes visitors wait.
      if (hit.expiresAt <= Date.now() && !pending.has(key)) start(key, compute, options).promise.catch(() => {});
      inherit(parent, hit.tags);
      return hit.value as T;
    }
    options.onMiss?.();
    // One computation per key at a time: a request for a key being computed waits for it.
    const running = pending.get(key);
    return settle(key, running ?? start(key, compute, options), needed, compute, options, parent);
  }

  function tag(...tags: string[]) {
    const collector = scope.getStore();
    if (collector) for (const t of tags) collector.tags.add(t);
  }

  async function narrow<T>(tags: readonly string[], fn: () => Promise<T>): Promise<T> {
    const value = await scope.run({ tags: new Set(), computedAt: seen ?? 0 }, fn);
    inherit(scope.getStore(), tags);
    return value;
  }

  const forgetVersion = () => {
    forgotten += 1;
    checkedAt = 0;
    checkQuery = null;
  };

  return { currentVersion, forgetVersion, get, tag, narrow };
}

/** How many versions of public_changes are kept: a cache that last checked before them drops everything. */
export const PUBLIC_CHANGES_KEPT = 20_000;

/**
 * Forgets the public_changes rows of all but the last `keep` versions (jobs/cleanup.ts); answers how many. The
 * limit is moved first (a short lock on the version row), then the rows go, outside that lock.
 */
export async function prunePublicChanges(db: Db, keep = PUBLIC_CHANGES_KEPT): Promise<number> {
  const [row] = await db
    .update(publicDataVersion)
    .set({ prunedThrough: sql`greatest(${publicDataVersion.prunedThrough}, ${publicDataVersion.version} - ${keep})` })
    .where(eq(publicDataVersion.id, 1))
    .returning({ prunedThrough: publicDataVersion.prunedThrough });
  if (!row) return 0;
  const removed = await db
    .delete(publicChanges)
    .where(lte(publicChanges.version, row.prunedThrough))
    .returning({ version: publicChanges.version });
  return removed.length;
}

/**
 * The app's public cache. Clients refetch as soon as they hear of a change on the events stream, so an announced
 * change makes the next request check again (it must not get the list from before the change).
 */
export const publicCachePlugin = fp(async (app: FastifyInstance) => {
  const cache = createPublicCache(app.db, {
    ttlMs: app.config.publicCacheTtlMs,
    maxStalenessMs: app.config.publicCacheMaxStalenessMs,
    maxBytes: app.config.publicCacheMaxBytes,
  });
  app.decorate("publicCache", cache);
  app.events.subscribe(() => cache.forgetVersion());
});

/**
 * A JSON response body kept in the cache as the bytes to send: built once per change of what it shows, checked
 * against the route's response schema as Fastify's serializer would, then sent as a Buffer (no per-request
 * serializing).
 */
export function getJsonBody<T>(
  cache: PublicCache,
  key: string,
  schema: { parse(value: unknown): T },
  compute: () => Promise<T>,
  tags?: readonly string[],
): Promise<Buffer> {
  return cache.get(`body|${key}`, async () => Buffer.from(JSON.stringify(schema.parse(await compute()))), {
    weigh: (body) => 256 + body.length,
    tags,
  });
}
