import { performance } from "node:perf_hooks";
import { like, sql } from "drizzle-orm";
import { openDatabase } from "../src/db/client";
import { rateCounters } from "../src/db/schema";
import { countHit } from "../src/lib/shared-counters";

/**
 * node --import tsx apps/server/bench/shared-counters.ts: what one check of a shared limit costs (lib/shared-counters
 * countHit, the UPSERT on rate_counters), on the PostgreSQL database DATABASE_URL names (a database of its own: it
 * is migrated and its benchmark rows deleted) or, without one, in-memory PGlite. Prints the time per check one after
 * another (a request's added latency) next to a bare SELECT 1 for one hot key and for BENCH_KEYS distinct keys, and the checks per second
 * with BENCH_CONCURRENCY at once.
 */
const env = process.env;
const CHECKS = Number(env.BENCH_CHECKS ?? 3_000);
const KEYS = Number(env.BENCH_KEYS ?? 10_000);
const CONCURRENCY = Number(env.BENCH_CONCURRENCY ?? 8);
const PREFIX = "bench|";
const log = (line: string) => process.stdout.write(`${line}\n`);

const database = openDatabase({ databaseUrl: env.DATABASE_URL, dataDir: null });
const { db } = database;
await database.migrate();
await db.delete(rateCounters).where(like(rateCounters.key, `${PREFIX}%`));

async function sequential(label: string, check: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 200; i += 1) await check(i); // warm-up
  const times: number[] = [];
  for (let i = 0; i < CHECKS; i += 1) {
    const t = performance.now();
    await check(i);
    times.push(performance.now() - t);
  }
  times.sort((a, b) => a - b);
  const at = (q: number) => times[Math.min(times.length - 1, Math.floor(q * times.length))]!.toFixed(3);
  const mean = times.reduce((a, b) => a + b, 0) / times.length;
  log(`${label}: mean ${mean.toFixed(3)} ms, p50 ${at(0.5)} ms, p99 ${at(0.99)} ms per check (${CHECKS} in a row)`);
}

async function concurrent(label: string, keyOf: (i: number) => string): Promise<void> {
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < CHECKS) await countHit(db, keyOf(next++), 60_000);
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  log(`${label}: ${Math.round(CHECKS / seconds)} checks/s with ${CONCURRENCY} at once`);
}

log(`${database.kind}${database.kind === "postgres" ? " (pool of 10)" : ""}`);
// The floor: a bare round trip to the same database, measured in the same run (the machine may be busy).
await sequential("SELECT 1 (a bare round trip)", () => db.execute(sql`SELECT 1`));
await sequential("one hot key", () => countHit(db, `${PREFIX}hot`, 60_000));
await sequential(`${KEYS} keys`, (i) => countHit(db, `${PREFIX}${i % KEYS}`, 60_000));
await concurrent("one hot key", () => `${PREFIX}hot2`);
await concurrent(`${KEYS} keys`, (i) => `${PREFIX}c${i % KEYS}`);
await db.delete(rateCounters).where(like(rateCounters.key, `${PREFIX}%`));
await database.close();
