import { randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

export type Config = {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PGlite under dataDir/pglite. */
  databaseUrl: string | undefined;
  jwtSecret: string;
  adminEmail: string | undefined;
  adminPassword: string | undefined;
  /** Built web app served by the API process; absent in API-only tests. */
  webDistDir: string | undefined;
  /** Per-IP limit on the login and register routes, per minute. */
  authRateLimit: number;
  logLevel: string;
  /** Fastify trustProxy: false (default), true, a hop test, or addresses/CIDRs of the proxies. */
  trustProxy: boolean | string | ((address: string, hop: number) => boolean);
  /** Public cache: entries holding view/contact counters are refreshed after this long. */
  publicCacheTtlMs: number;
  /**
   * How long one check of the public data version may serve later requests. 0 (development and tests): every
   * request checks, so a change is visible to the very next request. In production a quarter of a second: the
   * lists may lag a change by that long, and a busy server checks four times a second instead of per request.
   */
  publicCacheMaxStalenessMs: number;
};

/** TRUST_PROXY: unset/"false" → off; "true" → any proxy; "1", "2" → that many hops; otherwise addresses/CIDRs. */
function parseTrustProxy(value: string | undefined): Config["trustProxy"] {
  if (!value || value === "false") return false;
  if (value === "true") return true;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value;
}

/** JWT_SECRET, or a random one generated once and kept in DATA_DIR so sessions survive restarts. */
function loadJwtSecret(dataDir: string, fromEnv: string | undefined): string {
  if (fromEnv) return fromEnv;
  const file = path.join(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  const secret = randomBytes(48).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const dataDir = path.resolve(env.DATA_DIR ?? "./data");
  mkdirSync(dataDir, { recursive: true });
  const defaultDist = path.resolve(import.meta.dirname, "../../web/dist");
  return {
    port: Number(env.PORT ?? 5000),
    host: env.HOST ?? "0.0.0.0",
    dataDir,
    databaseUrl: env.DATABASE_URL || undefined,
    jwtSecret: loadJwtSecret(dataDir, env.JWT_SECRET),
    adminEmail: env.ADMIN_EMAIL || undefined,
    adminPassword: env.ADMIN_PASSWORD || undefined,
    webDistDir: env.WEB_DIST_DIR ?? (existsSync(defaultDist) ? defaultDist : undefined),
    authRateLimit: Number(env.AUTH_RATE_LIMIT ?? 10),
    logLevel: env.LOG_LEVEL ?? "info",
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    // Not a switch to turn caching off: id lists and counts are only affordable when computed once per version.
    publicCacheTtlMs: Math.max(1000, Number(env.PUBLIC_CACHE_TTL_MS || 30_000)),
    publicCacheMaxStalenessMs: Number(env.PUBLIC_CACHE_MAX_STALENESS_MS || (env.NODE_ENV === "production" ? 250 : 0)),
  };
}
