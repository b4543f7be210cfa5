import path from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";
import { drizzle as drizzlePglite } from "drizzle-orm/pglite";
import { migrate as migratePglite } from "drizzle-orm/pglite/migrator";
import { drizzle as drizzlePostgres } from "drizzle-orm/postgres-js";
import { migrate as migratePostgres } from "drizzle-orm/postgres-js/migrator";
import postgres from "postgres";
import * as schema from "./schema";

export type Db = PgDatabase<PgQueryResultHKT, typeof schema>;

export type Database = {
  db: Db;
  kind: "pglite" | "postgres";
  migrate: () => Promise<void>;
  close: () => Promise<void>;
};

const migrationsFolder = path.resolve(import.meta.dirname, "../../drizzle");

/**
 * One schema, two engines: PostgreSQL when a URL is given, else PGlite (PostgreSQL compiled to WASM)
 * in-process. `dataDir: null` keeps PGlite in memory (tests).
 */
export function openDatabase(opts: { databaseUrl?: string; dataDir: string | null; poolSize?: number }): Database {
  if (opts.databaseUrl) {
    const client = postgres(opts.databaseUrl, {
      max: opts.poolSize ?? 10,
      onnotice: () => {},
    });
    const db = drizzlePostgres(client, { schema }) as unknown as Db;
    return {
      db,
      kind: "postgres",
      migrate: () => migratePostgres(drizzlePostgres(client), { migrationsFolder }),
      close: () => client.end({ timeout: 5 }),
    };
  }
  const client = new PGlite({
    dataDir: opts.dataDir ? path.join(opts.dataDir, "pglite") : undefined,
    extensions: { pg_trgm },
  });
  const db = drizzlePglite(client, { schema }) as unknown as Db;
  return {
    db,
    kind: "pglite",
    migrate: () => migratePglite(drizzlePglite(client), { migrationsFolder }),
    close: () => client.close(),
  };
}
