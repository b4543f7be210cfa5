import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { publicDataVersion } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";

/** Entries also expire after this long, so counters shown on cards (views, contacts) stay roughly current. */
const DEFAULT_TTL_MS = 30_000;
const MAX_ENTRIES = 2_000;

type Entry = { version: string; expiresAt: number; value: unknown };

export type PublicCache = {
  /** "today:version": changes when public data changes (database triggers) or when the day turns. */
  currentVersion(): Promise<string>;
  /** The cached value for key under the current version, computing it once when missing or stale. */
  get<T>(key: string, compute: () => Promise<T>): Promise<T>;
};

/**
 * Public lists (counts, cities, listing pages) are the same for every visitor and change rarely, so they are
 * kept in memory under the public data version. The version row is bumped in the same transaction as the
 * change (see migration 0002), so a cached value is never older than the data a request could have read,
 * whichever server instance wrote it. Views and contacts do not bump it; the TTL bounds how stale they get.
 */
export function createPublicCache(db: Db, opts: { ttlMs?: number } = {}): PublicCache {
  const ttlMs = opts.ttlMs ?? Number(process.env.PUBLIC_CACHE_TTL_MS ?? DEFAULT_TTL_MS);
  const entries = new Map<string, Entry>();
  const pending = new Map<string, Promise<unknown>>();
  let versionQuery: Promise<string> | null = null;

  // Concurrent requests share one version query: a request that starts after a write has committed either
  // starts a new query or joins one that began after it, except for requests racing the write itself.
  function currentVersion(): Promise<string> {
    if (versionQuery) return versionQuery;
    const today = todayInSaoPaulo();
    versionQuery = db
      .select({ version: publicDataVersion.version })
      .from(publicDataVersion)
      .where(eq(publicDataVersion.id, 1))
      .then(([row]) => `${today}:${row?.version ?? 0}`)
      .finally(() => {
        versionQuery = null;
      });
    return versionQuery;
  }

  async function get<T>(key: string, compute: () => Promise<T>): Promise<T> {
    const version = await currentVersion();
    if (ttlMs <= 0) return compute();
    const hit = entries.get(key);
    if (hit && hit.version === version && hit.expiresAt > Date.now()) return hit.value as T;

    const pendingKey = `${version}\u0000${key}`;
    const running = pending.get(pendingKey);
    if (running) return running as Promise<T>;
    const promise = compute()
      .then((value) => {
        entries.delete(key);
        entries.set(key, { version, expiresAt: Date.now() + ttlMs, value });
        if (entries.size > MAX_ENTRIES) entries.delete(entries.keys().next().value as string);
        return value;
      })
      .finally(() => pending.delete(pendingKey));
    pending.set(pendingKey, promise);
    return promise;
  }

  return { currentVersion, get };
}

const caches = new WeakMap<Db, PublicCache>();

/** The cache of one database handle, shared by the public-models and cities routes of an app. */
export function getPublicCache(db: Db): PublicCache {
  let cache = caches.get(db);
  if (!cache) {
    cache = createPublicCache(db);
    caches.set(db, cache);
  }
  return cache;
}
