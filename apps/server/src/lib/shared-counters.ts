import type { FastifyRateLimitStore } from "@fastify/rate-limit";
import { sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { perDatabase } from "../db/per-database";
import { rateCounters } from "../db/schema";

/** Where a key stands after one more hit: hits in its current window (this one included) and when it ends. */
export type WindowCount = { count: number; resetAt: number };

/** The UPSERT of `countHit`, built once per database handle (a transaction gets its own). */
const upsert = perDatabase((db: Db) => {
  const expired = sql`${rateCounters.resetAt} <= ${sql.placeholder("at")}::timestamptz`;
  return db
    .insert(rateCounters)
    .values({ key: sql.placeholder("key"), count: 1, resetAt: sql`${sql.placeholder("resetAt")}::timestamptz` })
    .onConflictDoUpdate({
      target: rateCounters.key,
      set: {
        count: sql`CASE WHEN ${expired} THEN 1 ELSE ${rateCounters.count} + 1 END`,
        resetAt: sql`CASE WHEN ${expired} THEN excluded.reset_at ELSE ${rateCounters.resetAt} END`,
      },
    })
    .returning({ count: rateCounters.count, resetAt: rateCounters.resetAt })
    .prepare("count_hit");
});

/**
 * Counts one hit of `key` in a fixed window of `windowMs` and answers the count so far and the window's end. The
 * window begins at a key's first hit (or its first hit after the previous window ended) and lasts `windowMs`, as
 * the in-memory limits did. The count lives in the database (table rate_counters), so every server instance on it
 * spends from the same window: one UPSERT, atomic under concurrency (the row is locked while it is updated, so 30
 * hits at once count 1 to 30, never the same number twice). `db` may be a transaction, whose rollback takes the hit
 * back. `now` is this server's clock (instances are expected to keep NTP time; a skew only shifts a window's edges).
 */
export async function countHit(db: Db, key: string, windowMs: number, now = Date.now()): Promise<WindowCount> {
  const [row] = await upsert(db).execute({
    key,
    at: new Date(now).toISOString(),
    resetAt: new Date(now + windowMs).toISOString(),
  });
  return { count: row!.count, resetAt: row!.resetAt.getTime() };
}

/** Deletes the counters whose window ended before `now` (the scheduled clean-up; a later hit would reset them). */
export async function forgetEndedWindows(db: Db, now: Date): Promise<number> {
  const removed = await db
    .delete(rateCounters)
    .where(sql`${rateCounters.resetAt} < ${now.toISOString()}::timestamptz`)
    .returning({ key: rateCounters.key });
  return removed.length;
}

type RateLimitResult = { current: number; ttl: number };
type RateLimitCallback = (error: Error | null, result?: RateLimitResult) => void;

/**
 * The store of @fastify/rate-limit (its `store` option), on `countHit`: each route's limit counts per client key
 * in the shared table, so a limit holds across all instances. The plugin makes one child per route; a child
 * prefixes its keys with the route (method and URL pattern), so each route keeps its own count per client, as the
 * plugin's in-memory store did.
 */
export function sharedRateLimitStore(db: Db) {
  class SharedRateLimitStore {
    /** The plugin constructs the root store with its options (unused here); children get their route's prefix. */
    private prefix = "route|";

    incr(key: string, callback: RateLimitCallback, timeWindow: number): void {
      const now = Date.now();
      countHit(db, `${this.prefix}${key}`, timeWindow, now).then(
        ({ count, resetAt }) => callback(null, { current: count, ttl: Math.max(0, resetAt - now) }),
        (err: unknown) => callback(err instanceof Error ? err : new Error(String(err))),
      );
    }

    // The plugin passes the route's merged limit options, whose `routeInfo` is the route (its typings say the route).
    child(routeOptions: Parameters<FastifyRateLimitStore["child"]>[0]): SharedRateLimitStore {
      const { routeInfo } = routeOptions as { routeInfo?: { method?: string | string[]; url?: string } };
      const route = routeInfo ?? {};
      const method = [route.method ?? ""].flat().join(",");
      const store = new SharedRateLimitStore();
      store.prefix = `route|${method} ${route.url ?? ""}|`;
      return store;
    }
  }
  return SharedRateLimitStore;
}
