import { sql } from "drizzle-orm";
import pino from "pino";
import type { Config } from "../config";
import { bootstrapAdmin } from "./bootstrap-admin";
import { type Database, DEFAULT_POOL_SIZE, openDatabase } from "./client";
import { deriveStaleListingColumns } from "./derived-columns";
import { loadReferenceData } from "./reference-data";

/** What a server's first start puts in a database: the migrations, the reference data and the first admin. */
export async function fillDatabase(database: Database, admin: Parameters<typeof bootstrapAdmin>[1]): Promise<void> {
  await database.migrate();
  // Columns a migration added and the server derives (price_from from the rates, …): filled by the same code.
  await deriveStaleListingColumns(database.db);
  await loadReferenceData(database.db, { adminEmail: admin.email });
  await bootstrapAdmin(database.db, admin);
}

/** Opens the database, runs migrations, loads reference data and the first admin. */
export async function prepareDatabase(config: Config) {
  const log = pino({ level: config.logLevel });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await fillDatabase(database, { email: config.adminEmail, password: config.adminPassword, log });
  if (database.kind === "postgres") {
    // Opens the pool's connections now (overlapping queries each take one), not during the first burst of visitors.
    await Promise.all(Array.from({ length: DEFAULT_POOL_SIZE }, () => database.db.execute(sql`select pg_sleep(0.02)`)));
  }
  return { database, log };
}
