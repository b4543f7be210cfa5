import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";
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
  /** Starts the real server entry (stopping one still running), with `failpoint` armed, and waits for it. */
  start(failpoint?: string): Promise<ChildProcess>;
  /** SIGTERM and wait, when it still runs. */
  stop(): Promise<void>;
};

/**
 * A real server process on PGlite in `dataDir` (given the prepared database when it has none, see seedDataDir), on
 * a free port, for crash tests: it can be killed at a failpoint (lib/failpoint.ts) and started again on the same data.
 */
export async function serverProcess(opts: { dataDir: string; env?: Record<string, string> }): Promise<ServerProcess> {
  const port = await freePort();
  const baseUrl = `http://127.0.0.1:${port}`;
  let server: ChildProcess | null = null;

  async function stop() {
    if (server && server.exitCode === null && server.signalCode === null) {
      server.kill("SIGTERM");
      await exitSignal(server);
    }
    server = null;
  }

  async function start(failpoint?: string): Promise<ChildProcess> {
    await stop();
    await seedDataDir(opts.dataDir);
    const child = spawn(process.execPath, ["--enable-source-maps", await serverBundle()], {
      cwd: root,
      env: {
        ...process.env,
        NODE_ENV: "test",
        VITRINE_FAILPOINT: failpoint ?? "",
        PORT: String(port),
        HOST: "127.0.0.1",
        DATA_DIR: opts.dataDir,
        DATABASE_URL: "",
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

  return { baseUrl, start, stop };
}

/** Opens the PGlite data directory of a server that is not running (one process per directory) for `work`. */
export async function withDataDir<T>(dataDir: string, work: (db: Db) => Promise<T>): Promise<T> {
  const database = openDatabase({ dataDir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}
