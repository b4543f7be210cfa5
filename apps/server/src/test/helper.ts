import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import type { FastifyInstance } from "fastify";
import postgres from "postgres";
import { buildApp } from "../app";
import type { Config } from "../config";
import { bootstrapAdmin } from "../db/bootstrap-admin";
import { type Database, openDatabase } from "../db/client";
import { loadReferenceData } from "../db/reference-data";

export const TEST_ADMIN = { email: "admin@test.local", password: "admin-secret-123" };

export type TestContext = {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close: () => Promise<void>;
};

/**
 * A fresh database per test file: in-memory PGlite by default, or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a new database created on it and dropped afterwards.
 */
async function openFreshDatabase(): Promise<{ database: Database; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = openDatabase({ dataDir: null });
    return { database, drop: async () => {} };
  }
  const name = `vitrine_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 4 });
  return {
    database,
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-test-"));
  const { database, drop } = await openFreshDatabase();
  await database.migrate();
  await loadReferenceData(database.db, { adminEmail: TEST_ADMIN.email });
  await bootstrapAdmin(database.db, { ...TEST_ADMIN, log: { info() {}, warn() {} } });
  const config: Config = {
    port: 0,
    host: "127.0.0.1",
    dataDir,
    databaseUrl: undefined,
    jwtSecret: randomBytes(32).toString("hex"),
    adminEmail: TEST_ADMIN.email,
    adminPassword: TEST_ADMIN.password,
    webDistDir: undefined,
    authRateLimit: 1000,
    logLevel: "silent",
    trustProxy: false,
    requestTimeoutMs: 600_000,
    headersTimeoutMs: 20_000,
    connectionTimeoutMs: 60_000,
    keepAliveTimeoutMs: 72_000,
    bodyMinBytesPerSecond: 1024,
    bodyRateWindowMs: 30_000,
    sseMaxPerIp: 8,
    sseMaxTotal: 2000,
    visitorCountsPerHour: 60,
    storageSweepIntervalMs: 0,
    failpoint: undefined,
    ...overrides,
  };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
