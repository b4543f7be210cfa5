import pino from "pino";
import type { Config } from "../config";
import { bootstrapAdmin } from "./bootstrap-admin";
import { openDatabase } from "./client";
import { loadReferenceData } from "./reference-data";

/** Opens the database, runs migrations, loads reference data and the first admin. */
export async function prepareDatabase(config: Config) {
  const log = pino({ level: config.logLevel });
  const database = openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  await database.migrate();
  await loadReferenceData(database.db, { adminEmail: config.adminEmail });
  await bootstrapAdmin(database.db, { email: config.adminEmail, password: config.adminPassword, log });
  return { database, log };
}
