import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import fp from "fastify-plugin";
import { DEFAULT_PUBLIC_CACHE_MAX_MB } from "../config";
import type { Db } from "../db/client";
import { publicDataVersion } from "../db/schema";
import { todayInSaoPaulo } from "../lib/dates";

declare module "fastify" {
  interface FastifyInstance {
    /** Public lists and response bodies kept in memory under the public data version. */
    publicCache: PublicCache;
  }
}

/** Entries are refreshed after this long, so counters shown on cards (views, contacts) stay roughly current. */
export const DEFAULT_TTL_MS = 30_000;

type Entry = { version: string; expiresAt: number; value: unknown; weight: number };

export type GetOptions<T> = {
  /** Memory the value holds, in bytes (default 1 KB); the least recently stored entries go first. */
  weigh?: (value: T) => number;
  /** false: the value depends only on the data version (no counters), so it never needs a refresh. */
  expires?: boolean;
  /** Called when the answer is not a stored entry of the current version (this request computes or waits). */
  onMiss?: () => void;
};

export type PublicCache = {
  /** "today:version": changes when public data changes (database triggers) or when the day turns. */
  currentVersion(): Promise<string>;
  /** The next request checks the version again, even inside the staleness window (a change was announced). */
  forgetVersion(): void;
  /**
   * The cached value for key under the current version, computing it once when missing or from an older
   * version. An entry past its TTL is still answered while it is refreshed in the background.
   */
  get<T>(key: string, compute: () => Promise<T>, options?: GetOptions<T>): Promise<T>;
};

/**
 * Public lists (counts, cities, listing pages) are the same for every visitor and change rarely, so they are
 * kept in memory under the public data version. The version row is bumped in the same transaction as the
 * change (see migration 0002), so a cached value is never older than the data a request could have read,
 * whichever server instance wrote it. Views and contacts do not bump it; the TTL bounds how stale they get.
 */
export function createPublicCache(
  db: Db,
  opts: { ttlMs?: number; maxStalenessMs?: number; maxBytes?: number } = {},
): PublicCache {
  const ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
  // The budget in weight units (about bytes: an id list weighs 4 per id, a body its length).
  const maxWeight = opts.maxBytes ?? DEFAULT_PUBLIC_CACHE_MAX_MB * 1024 * 1024;
  const maxStalenessMs = opts.maxStalenessMs ?? 0;
  let checked: { version: string; at: number } | null = null;
  let forgotten = 0;
  const entries = new Map<string, Entry>();
  let totalWeight = 0;
  const pending = new Map<string, Promise<unknown>>();
  let versionQuery: Promise<string> | null = null;

  // Concurrent requests share one version query: a request that starts after a write has committed either
  // starts a new query or joins one that began after it, except for requests racing the write itself.
  function currentVersion(): Promise<string> {
    if (checked && Date.now() - checked.at < maxStalenessMs) return Promise.resolve(checked.version);
    if (versionQuery) return versionQuery;
    const today = todayInSaoPaulo();
    const startedAt = Date.now();
    const generation = forgotten;
    const query: Promise<string> = db
      .select({ version: publicDataVersion.version })
      .from(publicDataVersion)
      .where(eq(publicDataVersion.id, 1))
      .then(([row]) => {
        const version = `${today}:${row?.version ?? 0}`;
        // A check that began before a change was announced may predate the change: use it, never keep it.
        if (generation === forgotten) checked = { version, at: startedAt };
        return version;
      })
      .finally(() => {
        if (versionQuery === query) versionQuery = null;
      });
    versionQuery = query;
    return query;
  }

  function store(key: string, entry: Entry) {
    remove(key);
    entries.set(key, entry);
    totalWeight += entry.weight;
    for (const [oldest] of entries) {
      if (totalWeight <= maxWeight || oldest === key) break;
      remove(oldest);
    }
  }

  function remove(key: string) {
    const entry = entries.get(key);
    if (!entry) return;
    totalWeight -= entry.weight;
    entries.delete(key);
  }

  function refresh<T>(key: string, version: string, compute: () => Promise<T>, options: GetOptions<T>): Promise<T> {
    const pendingKey = `${version}\u0000${key}`;
    const running = pending.get(pendingKey);
    if (running) return running as Promise<T>;
    const promise = compute()
      .then((value) => {
        const expiresAt = options.expires === false ? Infinity : Date.now() + ttlMs;
        store(key, { version, expiresAt, value, weight: options.weigh?.(value) ?? 1024 });
        return value;
      })
      .finally(() => pending.delete(pendingKey));
    pending.set(pendingKey, promise);
    return promise;
  }

  async function get<T>(key: string, compute: () => Promise<T>, options: GetOptions<T> = {}): Promise<T> {
    const version = await currentVersion();
    const hit = entries.get(key);
    if (hit && hit.version === version) {
      // The least recently used entries go first when the cache is full: a hit moves its entry to the end.
      entries.delete(key);
      entries.set(key, hit);
      // Same data, only the counters may have moved: answer at once and refresh behind the scenes, so that
      // expiry never makes visitors wait.
      if (hit.expiresAt <= Date.now()) refresh(key, version, compute, options).catch(() => {});
      return hit.value as T;
    }
    options.onMiss?.();
    return refresh(key, version, compute, options);
  }

  const forgetVersion = () => {
    forgotten += 1;
    checked = null;
    versionQuery = null;
  };

  return { currentVersion, forgetVersion, get };
}

/**
 * The app's public cache. Clients refetch as soon as they hear of a change on the events stream, so an announced
 * change makes the next request check the version again (it must not get the list from before the change).
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
 * A JSON response body kept in the cache as the bytes to send: built once per version, checked against the
 * route's response schema as Fastify's serializer would, then sent as a Buffer (no per-request serializing).
 */
export function getJsonBody<T>(
  cache: PublicCache,
  key: string,
  schema: { parse(value: unknown): T },
  compute: () => Promise<T>,
): Promise<Buffer> {
  return cache.get(`body|${key}`, async () => Buffer.from(JSON.stringify(schema.parse(await compute()))), {
    weigh: (body) => 256 + body.length,
  });
}
