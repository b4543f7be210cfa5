import path from "node:path";
import { PGlite, type PGliteOptions } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import { serverRoot } from "../lib/server-root";
import * as schema from "./schema";

/** PGlite's compiled WebAssembly module and its file bundle (see openDatabase's `pgliteAssets`). */
export type PgliteAssets = { pgliteWasmModule: NonNullable<PGliteOptions["pgliteWasmModule"]>; fsBundle: Blob };

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

/** What `withAdvisoryLock` did: ran `fn` (its value), or skipped it because someone else holds the lock. */
export type LockOutcome<T> = { acquired: true; value: T } | { acquired: false };

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
  /**
   * Runs `fn` while holding the lock named `key`, or skips it at once when another holder has it. On PostgreSQL
   * this is a session advisory lock (pg_try_advisory_lock) on the process's lock connection, kept apart from the
   * pool, so it excludes every server instance on the database, and no transaction stays open while `fn` runs (it
   * may call other services). PGlite is opened by one process over one connection, where advisory locks would be
   * re-entrant: there the lock is kept in memory, which excludes everyone who can reach that database.
   */
  withAdvisoryLock<T>(key: string, fn: () => Promise<T>): Promise<LockOutcome<T>>;
  /**
   * LISTENs on `channel`: `onNotify` for each notification, `onListen` once listening and again after each
   * reconnect (on PostgreSQL, one connection per process is kept for it and re-opened when it drops; notifications
   * sent meanwhile are lost, which is why `onListen` is told). Returns the unlisten.
   */
  listen(channel: string, onNotify: () => void, onListen: () => void): Promise<() => Promise<void>>;
  /** PGlite only: the data directory as a tar (tests load it into the next database instead of preparing one). */
  dumpDataDir?: () => Promise<Blob>;
};

/** Advisory locks of Vitrine use the two-integer form: this namespace ("VTRI") and a hash of the key's name. */
const ADVISORY_LOCK_NAMESPACE = 0x56545249;

/** FNV-1a of the key, as a signed 32-bit integer (the second half of the advisory lock's id). */
export function advisoryLockId(key: string): number {
  let hash = 0x811c9dc5;
  for (const byte of Buffer.from(key, "utf8")) {
    hash ^= byte;
    hash = Math.imul(hash, 0x01000193);
  }
  return hash | 0;
}

/** The in-process lock of a single-connection database: a set of the keys held. */
function createMemoryLocks(): Database["withAdvisoryLock"] {
  const held = new Set<string>();
  return async (key, fn) => {
    if (held.has(key)) return { acquired: false };
    held.add(key);
    try {
      return { acquired: true, value: await fn() };
    } finally {
      held.delete(key);
    }
  };
}

const migrationsFolder = path.join(serverRoot, "drizzle");

/** PostgreSQL connections per server process. */
export const DEFAULT_POOL_SIZE = 10;

/**
 * One schema, two engines: PostgreSQL when a URL is given, else PGlite (PostgreSQL compiled to WASM)
 * in-process. `dataDir: null` keeps PGlite in memory (tests).
 */
export function openDatabase(opts: {
  databaseUrl?: string;
  dataDir: string | null;
  poolSize?: number;
  /** PGlite only: start from this dump of a data directory (tests start from a migrated, seeded one). */
  loadDataDir?: Blob;
  /**
   * PGlite only: its compiled WebAssembly module and file bundle, when this process opens many databases (tests):
   * compiled once instead of at every opening.
   */
  pgliteAssets?: PgliteAssets;
}): Database {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, {
      max: opts.poolSize ?? DEFAULT_POOL_SIZE,
      onnotice: () => {},
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    // Advisory locks are held on a connection of their own, outside the pool: a holder's work uses the pool, so
    // locks taken from the pool could take every connection (ten jobs at a first tick) and leave none for the work.
    // One session holds any number of locks but re-enters its own, so this process also excludes itself in memory.
    const lockSession = postgres(opts.databaseUrl, { max: 1, onnotice: () => {} });
    const heldHere = createMemoryLocks();
    return {
      db,
      kind: "postgres",
      migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder }),
      close: async () => {
        await Promise.all([client.end({ timeout: 5 }), lockSession.end({ timeout: 5 })]);
      },
      async listen(channel, onNotify, onListen) {
        const { unlisten } = await client.listen(channel, onNotify, onListen);
        return unlisten;
      },
      async withAdvisoryLock(key, fn) {
        const id = advisoryLockId(key);
        const outcome = await heldHere(key, async () => {
          const [row] = await lockSession<{ locked: boolean }[]>`
            SELECT pg_try_advisory_lock(${ADVISORY_LOCK_NAMESPACE}::int, ${id}::int) AS locked`;
          if (!row?.locked) return { acquired: false } as const;
          try {
            return { acquired: true, value: await fn() } as const;
          } finally {
            await lockSession`SELECT pg_advisory_unlock(${ADVISORY_LOCK_NAMESPACE}::int, ${id}::int)`;
          }
        });
        return outcome.acquired ? outcome.value : outcome;
      },
    };
  }
  const client = new PGlite({
    dataDir: opts.dataDir ? path.join(opts.dataDir, "pglite") : undefined,
    loadDataDir: opts.loadDataDir,
    ...opts.pgliteAssets,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir("none"),
    withAdvisoryLock: createMemoryLocks(),
    // One process, one connection that never drops: listening once is enough.
    async listen(channel, onNotify, onListen) {
      const unlisten = await client.listen(channel, onNotify);
      onListen();
      return () => unlisten();
    },
  };
}
