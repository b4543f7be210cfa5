import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import path from "node:path";
import assert from "node:assert/strict";
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from "fastify";
import { sql } from "drizzle-orm";
import postgres from "postgres";
import { buildApp } from "../app";
import { type Config, loadConfig } from "../config";
import { type Database, openDatabase, type PgliteAssets } from "../db/client";
import { fillDatabase } from "../db/prepare";
import { type PasswordHashCost, usePasswordHashCost } from "../lib/passwords";
import { prepareOnce, preparedDataKey } from "./prepared-data";

export const TEST_ADMIN = { email: "admin@test.local", password: "admin-secret-123" };
/** Test suites hash passwords at the cheap cost (lib/passwords): thousands of sign-ins, ~0.3 s each otherwise. */
const TEST_PASSWORD_HASH_COST: PasswordHashCost = "test";

type Body = InjectOptions["payload"];
type Method = "GET" | "POST" | "PUT" | "PATCH" | "DELETE" | "HEAD";

/** Requests as one caller: `as(token)` with its bearer token, `as(null)` anonymous. */
export type Client = {
  get(url: string): Promise<LightMyRequestResponse>;
  head(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: Body): Promise<LightMyRequestResponse>;
  put(url: string, body?: Body): Promise<LightMyRequestResponse>;
  patch(url: string, body?: Body): Promise<LightMyRequestResponse>;
  delete(url: string, body?: Body): Promise<LightMyRequestResponse>;
};

/** A client factory on one app: each request goes through the real routes with `inject`. */
export function clientsOf(app: FastifyInstance): (token?: string | null) => Client {
  return (token) => {
    const send = (method: Method, url: string, payload?: Body) =>
      app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} });
    return {
      get: (url) => send("GET", url),
      head: (url) => send("HEAD", url),
      post: (url, body) => send("POST", url, body),
      put: (url, body) => send("PUT", url, body),
      patch: (url, body) => send("PATCH", url, body),
      delete: (url, body) => send("DELETE", url, body),
    };
  };
}

/**
 * Asserts a 400 validation answer in the envelope `{ error: "Erro de validação", code: "VALIDATION_ERROR",
 * details }` whose details name exactly the given field paths (in any order).
 */
export function expectValidationError(res: LightMyRequestResponse, paths: string[], error = "Erro de validação") {
  assert.equal(res.statusCode, 400, res.body);
  const json = res.json() as { error: string; code: string; details?: { path: string; message: string }[] };
  assert.equal(json.code, "VALIDATION_ERROR");
  assert.equal(json.error, error);
  assert.deepEqual([...new Set((json.details ?? []).map((d) => d.path))].sort(), [...paths].sort());
  for (const detail of json.details ?? []) assert.ok(detail.message, `message for ${detail.path}`);
}

export type TestContext = {
  app: FastifyInstance;
  /** Requests as a caller: `ctx.as(token).put(url, body)`; `ctx.as(null)` for an anonymous visitor. */
  as: (token?: string | null) => Client;
  database: Database;
  /** The PostgreSQL URL of the test's database (undefined on PGlite): a second instance can open it too. */
  databaseUrl?: string;
  config: Config;
  close: () => Promise<void>;
};

/** The key of the prepared databases of test contexts: with the test admin, hashed at the test cost. */
const templateKey = () => preparedDataKey({ TEST_ADMIN, TEST_PASSWORD_HASH_COST, checkpointed: true });

/**
 * PGlite's WebAssembly module, compiled once per test process, and its file bundle: each opening otherwise compiles
 * the 9 MB module again (~0.6 s of the ~2 s an opening takes here).
 */
// Node's global WebAssembly object (the ES2023 lib used here types neither the object nor its namespace).
const webAssembly = (
  globalThis as unknown as {
    WebAssembly: { compile(b: Uint8Array): Promise<PgliteAssets["pgliteWasmModule"]> };
  }
).WebAssembly;
let pgliteAssets: Promise<PgliteAssets> | undefined;
function pgliteAssetsOnce() {
  pgliteAssets ??= (async () => {
    const dist = path.dirname(createRequire(import.meta.url).resolve("@electric-sql/pglite"));
    return {
      pgliteWasmModule: await webAssembly.compile(readFileSync(path.join(dist, "pglite.wasm"))),
      fsBundle: new Blob([readFileSync(path.join(dist, "pglite.data"))]),
    };
  })();
  return pgliteAssets;
}

/**
 * Each test file used to start an empty PGlite (its initdb alone takes seconds of CPU) and run every migration;
 * now the first test file to need one prepares a database once and leaves its dump in the temporary folder
 * (prepareOnce), and every later one loads that dump.
 */
async function openPreparedPglite(): Promise<Database> {
  const dumpFile = path.join(tmpdir(), `vitrine-test-pglite-${templateKey()}`, "dump.tar");
  const pgliteAssets = await pgliteAssetsOnce();
  await prepareOnce(path.dirname(dumpFile), async (dir) => {
    const database = openDatabase({ dataDir: null, pgliteAssets });
    try {
      await fillDatabase(database, { ...TEST_ADMIN, log: { info() {} } });
      // A checkpoint first: otherwise every opening of the dump replays the migrations' write-ahead log (~0.15 s of
      // CPU of the ~0.7 s an opening takes).
      await database.db.execute(sql`CHECKPOINT`);
      const dump = await database.dumpDataDir!();
      writeFileSync(path.join(dir, "dump.tar"), Buffer.from(await dump.arrayBuffer()));
    } finally {
      await database.close();
    }
  });
  return openDatabase({ dataDir: null, loadDataDir: new Blob([readFileSync(dumpFile)]), pgliteAssets });
}

/**
 * The PostgreSQL counterpart: a template database prepared once per set of migrations (under an advisory lock,
 * so concurrent test files build it once), from which each test file's database is copied (CREATE DATABASE …
 * TEMPLATE copies files instead of running the migrations again).
 */
async function preparedTemplate(admin: postgres.Sql, serverUrl: string): Promise<string> {
  const template = `vitrine_tpl_${templateKey()}`;
  const lock = await admin.reserve();
  try {
    await lock`SELECT pg_advisory_lock(hashtext(${template}))`;
    const [found] = await lock`SELECT 1 FROM pg_database WHERE datname = ${template}`;
    if (!found) {
      const building = `${template}_building`;
      await lock.unsafe(`DROP DATABASE IF EXISTS ${building} WITH (FORCE)`);
      await lock.unsafe(`CREATE DATABASE ${building}`);
      const url = new URL(serverUrl);
      url.pathname = `/${building}`;
      const database = openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 2 });
      try {
        await fillDatabase(database, { ...TEST_ADMIN, log: { info() {} } });
      } finally {
        await database.close();
      }
      await lock.unsafe(`ALTER DATABASE ${building} RENAME TO ${template}`);
    }
    await lock`SELECT pg_advisory_unlock(hashtext(${template}))`;
  } finally {
    lock.release();
  }
  return template;
}

/**
 * A fresh, prepared database per test file: in-memory PGlite by default, or, when TEST_DATABASE_URL points at a
 * PostgreSQL server, a new database created on it and dropped afterwards.
 */
async function openFreshDatabase(): Promise<{ database: Database; url?: string; drop: () => Promise<void> }> {
  const serverUrl = process.env.TEST_DATABASE_URL;
  if (!serverUrl) {
    const database = await openPreparedPglite();
    return { database, drop: async () => {} };
  }
  const name = `vitrine_test_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 2, onnotice: () => {} });
  const template = await preparedTemplate(admin, serverUrl);
  await admin.unsafe(`CREATE DATABASE ${name} TEMPLATE ${template}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  const database = openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 4 });
  return {
    database,
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}

/**
 * The test server's configuration: the server's own loader (loadConfig) reading a test environment, so a new
 * setting gets its default here too, plus the test-only choices no variable expresses. Nothing is read from the
 * environment the suite runs in (a developer's DATABASE_URL or S3_* must not reach a test).
 */
function testConfig(dataDir: string): Config {
  const config = loadConfig({
    NODE_ENV: "test",
    DATA_DIR: dataDir,
    PORT: "0",
    HOST: "127.0.0.1",
    // Given, so none is generated and written into the data directory.
    JWT_SECRET: randomBytes(32).toString("hex"),
    ADMIN_EMAIL: TEST_ADMIN.email,
    ADMIN_PASSWORD: TEST_ADMIN.password,
    AUTH_RATE_LIMIT: "1000",
    LOG_LEVEL: "silent",
    PUBLIC_CACHE_TTL_MS: "30000",
    PUBLIC_CACHE_MAX_MB: "64",
    STORAGE_SWEEP_INTERVAL_MS: "0",
    // Tests start no timers: a job test builds its own scheduler with a controllable clock.
    JOBS_ENABLED: "false",
    // Nothing listens here: a test that needs Mercado Pago starts the fake and passes its URL.
    MERCADOPAGO_API_URL: "http://127.0.0.1:9",
    // The fake runs in the test's process, behind PGlite's work on the same thread: 2 s was once too short on a busy
    // machine. A test of the timeout itself passes a short one.
    MERCADOPAGO_TIMEOUT_MS: "5000",
    PASSWORD_HASH_COST: TEST_PASSWORD_HASH_COST,
    MAIL_FROM: "Vitrine <nao-responda@vitrine.test>",
    // Unset on purpose, their defaults being the tests' choice:
    // - S3_*: local disk under dataDir; a storage test starts a local S3 API (test/s3.ts) and passes its settings.
    // - AGE_ASSURANCE, AGE_VERIFIER_*: the click-through gate; tests of age assurance pass a verifier
    //   (see modules/age-assurance).
    // - IDENTITY_VERIFIER_*: review only; tests of the identity verifier pass one (modules/verification/verifier.test.ts).
    // - SMTP_URL: no SMTP server, messages wait in the outbox; a mail test starts a local one (test/smtp.ts) and passes it.
    // - DATABASE_URL: each context opens its own database (openFreshDatabase) and hands it to the app.
  });
  // The API alone: the loader would pick up apps/web/dist when built; a test of pages passes its own build.
  return { ...config, webDistDir: undefined };
}

/**
 * A site on a fresh database with the test configuration, closed by `close()`. A suite takes one with
 * useTestContext (test/fixtures.ts), which opens and closes it in the suite's hooks; a test that needs a second site
 * with other settings for a moment opens one here and closes it itself.
 */
export async function createTestContext(overrides: Partial<Config> = {}): Promise<TestContext> {
  // Before the database is prepared: the test admin's hash is made at the test cost too (lib/passwords).
  usePasswordHashCost(TEST_PASSWORD_HASH_COST);
  const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-test-"));
  const { database, url: databaseUrl, drop } = await openFreshDatabase();
  const config: Config = { ...testConfig(dataDir), ...overrides };
  const app = await buildApp({ config, database, logger: false });
  await app.ready();
  return {
    app,
    as: clientsOf(app),
    database,
    databaseUrl,
    config,
    close: async () => {
      await app.close();
      await database.close();
      await drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
