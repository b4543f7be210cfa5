import { deriveStaleListingColumns } from "../src/db/derived-columns";
import { type ChildProcess, fork } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { openDatabase, type Database } from "../src/db/client";
import { loadReferenceData } from "../src/db/reference-data";
import { measurePair, type LoadOptions, type Target } from "./load";
import { seedBenchData, vacuumAnalyze } from "./seed";

/**
 * What the benchmarks share: the bench data, the real server started as a child process, the ceiling server, and
 * the check that the server renders pages. Every child is stopped on SIGINT or on a failure (`runBench`).
 */

export const log = (line: string) => process.stdout.write(`${line}\n`);

/** The machine's load average, "1 / 5 / 15 min". */
export const loadLine = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" / ");

export type BenchData = { databaseUrl: string | undefined; dataDir: string; models: number; cities: number };

/** The bench's data settings from the environment (DATABASE_URL, BENCH_DATA_DIR, BENCH_MODELS, BENCH_CITIES). */
export function benchDataFromEnv(env: NodeJS.ProcessEnv = process.env): BenchData {
  return {
    databaseUrl: env.DATABASE_URL || undefined,
    dataDir: path.resolve(env.BENCH_DATA_DIR ?? "./data-bench"),
    models: Number(env.BENCH_MODELS ?? 100_000),
    cities: Number(env.BENCH_CITIES ?? 2_000),
  };
}

export const describeDatabase = (data: BenchData) =>
  data.databaseUrl ? data.databaseUrl.replace(/\/\/[^@]*@/, "//***@") : `PGlite em ${data.dataDir}`;

/**
 * Migrates and seeds the bench database (refusing one that holds other models), then `VACUUM ANALYZE`.
 * `extra` runs on the same connection before it closes (e.g. giving the accounts a password).
 */
export async function prepareData(data: BenchData, extra?: (database: Database) => Promise<void>): Promise<void> {
  mkdirSync(data.dataDir, { recursive: true });
  const database = openDatabase({ databaseUrl: data.databaseUrl, dataDir: data.dataDir, poolSize: 2 });
  try {
    await database.migrate();
    await loadReferenceData(database.db);
    const started = Date.now();
    const outcome = await seedBenchData(database, { models: data.models, cities: data.cities });
    log(
      `dados: ${outcome === "seeded" ? "semeados" : "reaproveitados"} em ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    // The columns the server derives from the rates and services (price_from, …), as a server start would.
    await deriveStaleListingColumns(database.db);
    await extra?.(database);
    await vacuumAnalyze(database);
  } finally {
    await database.close();
  }
}

const children: ChildProcess[] = [];

/** Starts a script as a child process (tsx loaded) and resolves once `ready()` says it answers. */
export async function startChild(
  script: string,
  args: string[],
  childEnv: NodeJS.ProcessEnv,
  ready: () => Promise<boolean>,
  nodeArgs: string[] = [],
): Promise<ChildProcess> {
  const child = fork(script, args, { env: childEnv, execArgv: ["--import", "tsx", ...nodeArgs], stdio: "inherit" });
  children.push(child);
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${script} saiu com código ${child.exitCode}`);
    if (await ready().catch(() => false)) return child;
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`${script} não respondeu em 60 s`);
}

/** Stops a child: SIGTERM, then SIGKILL if it has not exited 15 s later (a server waiting on a stuck request). */
export function stop(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    if (child.exitCode !== null || child.signalCode !== null) return resolve();
    const kill = setTimeout(() => child.kill("SIGKILL"), 15_000);
    child.once("exit", () => {
      clearTimeout(kill);
      resolve();
    });
    child.kill("SIGTERM");
  });
}

/** Runs a bench's main: its children are stopped on Ctrl-C and when it fails. */
export function runBench(main: () => Promise<void>): void {
  process.on("SIGINT", () => {
    for (const child of children) child.kill("SIGTERM");
    process.exit(130);
  });
  main().catch(async (err: unknown) => {
    console.error(err);
    await Promise.all(children.map(stop));
    process.exit(1);
  });
}

/** A JSON answer; a connection the server dropped (a reused keep-alive socket) is tried again, five times at most. */
export async function getJson<T>(url: string, init?: RequestInit): Promise<T> {
  let res: Response | undefined;
  for (let attempt = 0; !res; attempt++) {
    res = await fetch(url, init).catch(async (err: unknown) => {
      if (attempt >= 5) throw err;
      await new Promise((r) => setTimeout(r, 200 * (attempt + 1)));
      return undefined;
    });
  }
  if (!res.ok) throw new Error(`${url}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

const serverEntry = path.resolve(import.meta.dirname, "../src/server.ts");
const webDist = path.resolve(import.meta.dirname, "../../web/dist");

/**
 * The real server (`src/server.ts`, NODE_ENV=production, warnings only in its log) on 127.0.0.1:`port`, on the
 * bench data, with the built web app when there is one (BENCH_WEB_DIST_DIR, else apps/web/dist): server-rendered
 * pages are measured then. `extraEnv` adds or overrides variables; BENCH_SERVER_NODE_ARGS adds Node flags.
 */
export function startBenchServer(
  data: BenchData,
  port: number,
  extraEnv: NodeJS.ProcessEnv = {},
  env: NodeJS.ProcessEnv = process.env,
): Promise<ChildProcess> {
  const baseUrl = `http://127.0.0.1:${port}`;
  return startChild(
    serverEntry,
    [],
    {
      ...env,
      PORT: String(port),
      HOST: "127.0.0.1",
      DATA_DIR: data.dataDir,
      LOG_LEVEL: "warn",
      WEB_DIST_DIR: env.BENCH_WEB_DIST_DIR ?? (existsSync(webDist) ? webDist : path.join(data.dataDir, "no-web")),
      NODE_ENV: "production",
      ...benchKeys(env),
      // What production asks to be chosen explicitly: the self-declared age gate (as measured before it was
      // required), an SMTP address nothing listens on (the bench sends no mail) and the public origin.
      AGE_ASSURANCE: env.AGE_ASSURANCE ?? "self-declaration",
      SMTP_URL: env.SMTP_URL ?? "smtp://127.0.0.1:9",
      PUBLIC_URL: env.PUBLIC_URL ?? baseUrl,
      ...extraEnv,
    },
    async () => (await fetch(`${baseUrl}/api/health`)).ok,
    env.BENCH_SERVER_NODE_ARGS?.split(" ").filter(Boolean),
  );
}

/**
 * Production refuses to start without its encryption keys; the bench data holds nothing they protect, so a key
 * the environment does not set is a fixed one derived from its name.
 */
function benchKeys(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const names = ["MODERATION_EVIDENCE_KEY", "VERIFICATION_FILES_KEY", "TWO_FACTOR_KEY"];
  return Object.fromEntries(
    names
      .filter((name) => !env[name])
      .map((name) => [name, createHash("sha256").update(`vitrine-bench-${name}`).digest("hex")]),
  );
}

/**
 * The ceiling server (ceiling-server.ts) on 127.0.0.1:`port`, its JIT warmed by one second of load. `bodyBytes`:
 * the size of its default filler; `putBody` stores the very bytes of a scenario's answer under a name.
 */
export async function startCeiling(
  port: number,
  bodyBytes: number,
  load: Pick<LoadOptions, "connections">,
): Promise<{ child: ChildProcess; baseUrl: string; putBody(name: string, body: Buffer): Promise<void> }> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = await startChild(
    path.resolve(import.meta.dirname, "ceiling-server.ts"),
    [String(port), String(bodyBytes)],
    process.env,
    async () => (await fetch(`${baseUrl}/`)).ok,
  );
  const warm: Target = { name: "teto: node:http corpo fixo", path: "/" };
  await measurePair(warm, warm, {
    app: { connections: load.connections, durationSec: 1, warmupSec: 0, baseUrl },
    ceilingBaseUrl: baseUrl,
    rounds: 1,
  });
  const putBody = async (name: string, body: Buffer) => {
    await fetch(`${baseUrl}/bodies/${name}`, { method: "PUT", body });
  };
  return { child, baseUrl, putBody };
}

/** Names are plain letters in the bench data; React escapes only &, <, >, " and '. */
export const escapeHtml = (text: string) =>
  text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&#x27;");

/**
 * Server-rendered pages are measured when the server renders them: a city page's HTML then names its models.
 * False when the web app is not built or renders on the client only.
 */
export async function detectSsr(baseUrl: string, city: { slug: string; id: number }): Promise<boolean> {
  const listing = await getJson<{ models: { name: string }[] }>(`${baseUrl}/api/models/public?city_id=${city.id}`);
  const res = await fetch(`${baseUrl}/cidade/${city.slug}`, { headers: { accept: "text/html" } });
  const html = await res.text();
  return (
    res.ok &&
    /text\/html/.test(res.headers.get("content-type") ?? "") &&
    listing.models.some((m) => html.includes(escapeHtml(m.name)))
  );
}
