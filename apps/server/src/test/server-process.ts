import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import path from "node:path";
import postgres from "postgres";
import { type Db, openDatabase } from "../db/client";
import { freePort } from "./free-port";
import { seedDataDir } from "./prepared-data";
import { serverBundle } from "./server-bundle";

/** The repository's root, where the server runs from. */
const root = path.resolve(import.meta.dirname, "../../../..");

/** Resolves with the signal that ended the process (a failpoint kills it with SIGKILL), or null after an exit. */
export function exitSignal(child: ChildProcess): Promise<NodeJS.Signals | null> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.signalCode);
  return new Promise((resolve) => child.once("exit", (_code, signal) => resolve(signal)));
}

export type ServerProcess = {
  baseUrl: string;
  /** Where the server keeps its database (see serverProcess). */
  database: "pglite" | "postgres";
  /** Starts the real server entry (stopping one still running), with `failpoint` armed, and waits for it. */
  start(failpoint?: string): Promise<ChildProcess>;
  /** SIGTERM and wait, when it still runs. */
  stop(): Promise<void>;
  /**
   * Opens the server's database while the server is stopped (PGlite allows one process per directory) for `work`;
   * with `migrate`, brings it to the current schema first (to write a database before the server's first start).
   * A PGlite directory without a database is given the prepared one first (seedDataDir), as `start` does: its
   * initdb and every migration on an empty directory took 10–25 s per crash test file.
   */
  withDatabase<T>(work: (db: Db) => Promise<T>, opts?: { migrate?: boolean }): Promise<T>;
  /** Stops the server and drops its PostgreSQL database, if it has one. */
  close(): Promise<void>;
};

/**
 * A real server process on a free port, for crash tests: it can be killed at a failpoint (lib/failpoint.ts) and
 * started again on the same data. Its database is PGlite in `dataDir` (given the prepared database when it has
 * none, see seedDataDir), or, when TEST_DATABASE_URL names a PostgreSQL server (the server tests' PostgreSQL half),
 * a new empty database there, which the server's first start fills as on a new machine.
 */
export async function serverProcess(opts: { dataDir: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;
  const postgresDatabase = process.env.TEST_DATABASE_URL
    ? await emptyPostgresDatabase(process.env.TEST_DATABASE_URL)
    : undefined;

  async function stop() {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await exitSignal(server);
    }
    server = null;
  }

  async function start(failpoint?: string): Promise<ChildProcess> {
    await stop();
    if (!postgresDatabase) await seedDataDir(opts.dataDir);
    const child = spawn(process.execPath, ["--enable-source-maps", await serverBundle()], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "test",
        VITRINE_FAILPOINT: failpoint ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: opts.dataDir,
        DATABASE_URL: postgresDatabase?.url ?? "",
        WEB_DIST_DIR: "",
        ADMIN_EMAIL: "admin@crash.local",
        ADMIN_PASSWORD: "crash-admin-secret",
        LOG_LEVEL: "error",
        AUTH_RATE_LIMIT: "1000",
        PASSWORD_HASH_COST: "test",
        ...opts.env,
      },
      stdio: ["ignore", "inherit", "inherit"],
    });
    server = child;
    const deadline = Date.now() + 90_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`server exited: ${child.exitCode}`);
      try {
        if ((await fetch(`${baseUrl}/api/health`)).ok) return child;
      } catch {
        // not listening yet
      }
      await new Promise((r) => setTimeout(r, 200));
    }
    throw new Error("server did not start");
  }

  async function withDatabase<T>(work: (db: Db) => Promise<T>, options: { migrate?: boolean } = {}): Promise<T> {
    if (!postgresDatabase) await seedDataDir(opts.dataDir);
    const database = postgresDatabase
      ? openDatabase({ databaseUrl: postgresDatabase.url, dataDir: null, poolSize: 1 })
      : openDatabase({ dataDir: opts.dataDir });
    try {
      if (options.migrate) await database.migrate();
      return await work(database.db);
    } finally {
      await database.close();
    }
  }

  async function close() {
    await stop();
    await postgresDatabase?.drop();
  }

  return { baseUrl, database: postgresDatabase ? "postgres" : "pglite", start, stop, withDatabase, close };
}

/** A new empty database on the PostgreSQL server at `serverUrl`, and how to drop it. */
async function emptyPostgresDatabase(serverUrl: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `vitrine_process_${process.pid}_${randomBytes(4).toString("hex")}`;
  const admin = postgres(serverUrl, { max: 1, onnotice: () => {} });
  await admin.unsafe(`CREATE DATABASE ${name}`);
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      await admin.unsafe(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      await admin.end();
    },
  };
}
