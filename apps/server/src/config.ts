import { randomBytes } from "node:crypto";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { AGE_ASSURANCE_MODES, type AgeAssuranceMode } from "@vitrine/contracts";
import { MERCADOPAGO_DEFAULT_API_URL } from "./lib/mercadopago";
import type { PasswordHashCost } from "./lib/passwords";
import { parseOrigin } from "./lib/origin";
import { serverRoot } from "./lib/server-root";

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
  /** Password attempts per client network per minute, all password routes together, shared by all instances. */
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
  /**
   * Memory the public cache may hold (bodies, pages, id lists), in bytes; the least recently used entries go
   * first. A city page is about 50 KB: the default keeps every city page of a 2,000-city site with room to spare.
   */
  publicCacheMaxBytes: number;
  /** Whole request (headers and body) must arrive within this; long enough for a 15 MB photo on a slow phone. */
  requestTimeoutMs: number;
  /** Request headers must arrive within this. */
  headersTimeoutMs: number;
  /** A connection with no traffic either way for this long is closed (above the 25 s SSE heartbeat). */
  connectionTimeoutMs: number;
  /** An idle keep-alive connection is closed after this (above the usual 60 s of proxies and load balancers). */
  keepAliveTimeoutMs: number;
  /** A request body arriving slower than this, measured over each `bodyRateWindowMs`, is dropped. */
  bodyMinBytesPerSecond: number;
  bodyRateWindowMs: number;
  /** Live-update streams (GET /api/models/events) open at once from one address (an IPv6 /64), and in all. */
  sseMaxPerIp: number;
  sseMaxTotal: number;
  /**
   * Views and contacts counted per address (an IPv6 /64) per hour, shared by all instances (in the database);
   * beyond it pages are served uncounted.
   */
  visitorCountsPerHour: number;
  /** How often the server finishes interrupted file moves and deletions (0: only at start-up). */
  storageSweepIntervalMs: number;
  /**
   * The S3-compatible bucket that holds photos, verification files and evidence (S3_*), shared by every instance;
   * null (the default): local disk under DATA_DIR.
   */
  s3: S3Config | null;
  /**
   * Whether this process runs the scheduled jobs (plan expiries, payment deadlines, reconciliation, clean-ups).
   * Several instances may all run them: each run holds a database lock, so one instance does each run.
   */
  jobsEnabled: boolean;
  /** Mercado Pago's REST API (tests and the demo point it at the local fake). */
  mercadoPagoApiUrl: string;
  /** Each call to Mercado Pago gives up after this long (a webhook must be answered within 22 s). */
  mercadoPagoTimeoutMs: number;
  /** A webhook whose signed `ts` is further than this from now, either way, is refused (a replayed notification). */
  mercadoPagoWebhookToleranceS: number;
  /**
   * The site's public origin from PUBLIC_URL ("https://vitrine.example"), "" when unset. It wins over the site_url
   * setting; see lib/public-origin.ts.
   */
  publicUrl: string;
  /** Whether, with no origin configured, the request's own host may build absolute URLs (never in production). */
  requestHostFallback: boolean;
  /** How visitors prove they are adults (see AgeAssuranceConfig). */
  ageAssurance: AgeAssuranceConfig;
  /** The argon2id cost of new password hashes (PASSWORD_HASH_COST; `test` only in test suites, see lib/passwords). */
  passwordHashCost: PasswordHashCost;
  /** Crash tests only: the failpoint to arm (see lib/failpoint.ts); always unset outside NODE_ENV=test. */
  failpoint: string | undefined;
  /**
   * The AES-256 key of the evidence kept under legal hold (MODERATION_EVIDENCE_KEY, 32 bytes as 64 hex digits or
   * base64). Required in production; elsewhere, when unset, derived from the server secret (modules/moderation).
   */
  moderationEvidenceKey?: Buffer;
  /**
   * The AES-256 key of the identity-verification files (VERIFICATION_FILES_KEY, 32 bytes as 64 hex digits or
   * base64). Required in production; elsewhere, when unset, derived from the server secret (modules/verification).
   */
  verificationFilesKey?: Buffer;
  /**
   * The AES-256 key of the two-step sign-in secrets (TWO_FACTOR_KEY, 32 bytes as 64 hex digits or base64). Required
   * in production; elsewhere, when unset, derived from the server secret (modules/two-factor).
   */
  twoFactorKey?: Buffer;
  /**
   * The identity verifier of advertisers (IDENTITY_VERIFIER_*), apart from age assurance: its `claim` is the birth
   * date claim (default `birthdate`, YYYY-MM-DD). Null when IDENTITY_VERIFIER_ISSUER is unset (review only).
   */
  identityVerifier: AgeVerifierConfig | null;
  /**
   * The SMTP server every e-mail goes through (SMTP_URL, e.g. smtps://user:pass@smtp.example:465), "" when unset:
   * messages then wait in the outbox (production refuses to start without it).
   */
  smtpUrl: string;
  /** The From of every e-mail (MAIL_FROM, e.g. "Vitrine <nao-responda@vitrine.example>"). */
  mailFrom: string;
};

/** An S3-compatible object storage (AWS S3, MinIO, Ceph, R2…). Its bucket must not be public: the app serves it. */
export type S3Config = {
  /** The API's address, e.g. https://s3.sa-east-1.amazonaws.com or http://minio.internal:9000. */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Bucket in the path (endpoint/bucket/key) rather than in the host name: what most non-AWS servers need. */
  forcePathStyle: boolean;
};

/** An OpenID Connect age verifier (a vendor, a reusable age key, or the local demonstration verifier). */
export type AgeVerifierConfig = {
  /** The issuer URL; its discovery document (/.well-known/openid-configuration) gives the endpoints and keys. */
  issuer: string;
  clientId: string;
  clientSecret: string;
  /**
   * The ID-token claim that answers the age: a boolean such as `age_over_18`, or `birthdate` (YYYY-MM-DD), which is
   * turned into yes/no on arrival and then dropped.
   */
  claim: string;
  /** Scopes asked for besides `openid` (space-separated), e.g. the vendor's age scope. */
  scope: string;
  /** The verifier's name shown on the gate and kept with each check. */
  name: string;
};

/**
 * AGE_ASSURANCE: `verifier` (an OpenID Connect verifier answers; the server refuses adult content without an age
 * pass) or `self-declaration` (the click-through gate). Unset: self-declaration, or verifier when a verifier is
 * configured; in production the server refuses to start while it is unset (see server.ts), so an operator chooses.
 */
export type AgeAssuranceConfig = {
  mode: AgeAssuranceMode;
  /** Whether AGE_ASSURANCE was set (production refuses to start without it). */
  explicit: boolean;
  /** Null when AGE_VERIFIER_ISSUER is unset. */
  verifier: AgeVerifierConfig | null;
  /** An age pass lasts the browser session and at most this long. */
  passHours: number;
};

/**
 * An OpenID Connect verifier from `<prefix>_ISSUER`, `_CLIENT_ID`, `_CLIENT_SECRET`, `_CLAIM`, `_SCOPE`, `_NAME`
 * (AGE_VERIFIER_… for age assurance, IDENTITY_VERIFIER_… for advertisers' identity); null when the issuer is unset.
 */
function readVerifier(env: NodeJS.ProcessEnv, prefix: string, defaultClaim: string): AgeVerifierConfig | null {
  const issuer = env[`${prefix}_ISSUER`]?.trim() ?? "";
  if (!issuer) return null;
  let url: URL;
  try {
    url = new URL(issuer);
  } catch {
    throw new Error(`${prefix}_ISSUER deve ser o endereço http(s) do emissor OpenID Connect`);
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") {
    throw new Error(`${prefix}_ISSUER deve ser o endereço http(s) do emissor OpenID Connect`);
  }
  const clientId = env[`${prefix}_CLIENT_ID`]?.trim() ?? "";
  if (!clientId) throw new Error(`${prefix}_CLIENT_ID é obrigatório com ${prefix}_ISSUER`);
  return {
    issuer,
    clientId,
    clientSecret: env[`${prefix}_CLIENT_SECRET`] ?? "",
    claim: env[`${prefix}_CLAIM`]?.trim() || defaultClaim,
    scope: env[`${prefix}_SCOPE`]?.trim() ?? "",
    name: env[`${prefix}_NAME`]?.trim() || url.host,
  };
}

const S3_REQUIRED = ["S3_ENDPOINT", "S3_BUCKET", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY"] as const;
const S3_ENDPOINT_FORMAT = "S3_ENDPOINT deve ser o endereço http(s) da API S3, como https://s3.sa-east-1.amazonaws.com";

/**
 * S3 storage from S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY (all four, or none: local disk),
 * S3_REGION (us-east-1) and S3_FORCE_PATH_STYLE (true). Some but not all of the four stops the start-up, in every
 * environment: files written to one instance's disk would be missing on the others.
 */
function readS3(env: NodeJS.ProcessEnv): S3Config | null {
  const value = (name: string) => env[name]?.trim() ?? "";
  const missing = S3_REQUIRED.filter((name) => !value(name));
  if (missing.length === S3_REQUIRED.length) return null;
  if (missing.length > 0) {
    throw new Error(
      `Configuração S3 incompleta: falta ${missing.join(", ")}. Defina S3_ENDPOINT, S3_BUCKET, S3_ACCESS_KEY_ID e ` +
        "S3_SECRET_ACCESS_KEY para guardar as fotos num bucket, ou nenhuma delas para guardá-las em DATA_DIR/uploads",
    );
  }
  let protocol = "";
  try {
    protocol = new URL(value("S3_ENDPOINT")).protocol;
  } catch {
    throw new Error(S3_ENDPOINT_FORMAT);
  }
  if (protocol !== "https:" && protocol !== "http:") throw new Error(S3_ENDPOINT_FORMAT);
  return {
    endpoint: value("S3_ENDPOINT"),
    bucket: value("S3_BUCKET"),
    region: value("S3_REGION") || "us-east-1",
    accessKeyId: value("S3_ACCESS_KEY_ID"),
    secretAccessKey: value("S3_SECRET_ACCESS_KEY"),
    forcePathStyle: readSwitch(env, "S3_FORCE_PATH_STYLE", true),
  };
}

function readAgeAssurance(env: NodeJS.ProcessEnv): AgeAssuranceConfig {
  const verifier = readVerifier(env, "AGE_VERIFIER", "age_over_18");
  const raw = env.AGE_ASSURANCE?.trim();
  if (raw && !(AGE_ASSURANCE_MODES as readonly string[]).includes(raw)) {
    throw new Error("AGE_ASSURANCE deve ser verifier ou self-declaration");
  }
  const mode: AgeAssuranceMode = (raw as AgeAssuranceMode | undefined) ?? (verifier ? "verifier" : "self-declaration");
  if (mode === "verifier" && !verifier) {
    throw new Error(
      "AGE_ASSURANCE=verifier exige um verificador: configure AGE_VERIFIER_ISSUER e AGE_VERIFIER_CLIENT_ID",
    );
  }
  const passHours = readNumber(env, "AGE_PASS_HOURS", 12);
  if (passHours <= 0 || passHours > 24) throw new Error("AGE_PASS_HOURS deve estar entre 0 e 24 horas");
  return { mode, explicit: !!raw, verifier, passHours };
}

/** The public cache's default budget, in MB (see Config.publicCacheMaxBytes). */
export const DEFAULT_PUBLIC_CACHE_MAX_MB = 192;
/**
 * Public cache entries are refreshed after this long, so the view and contact counters they show stay roughly
 * current; nothing else they show waits for it (a change invalidates at once, decision 050). Five minutes: each
 * refresh renders its page again, and at 30 s those renders cost a tenth of the pages served per second
 * (docs/benchmarks.md, bench:mix; decision 055).
 */
export const DEFAULT_PUBLIC_CACHE_TTL_MS = 300_000;

/** A non-negative number from the environment, or `fallback` when unset; anything else stops the start-up. */
function readNumber(env: NodeJS.ProcessEnv, name: string, fallback: number): number {
  const raw = env[name];
  if (raw === undefined || raw === "") return fallback;
  const value = Number(raw);
  if (!Number.isFinite(value) || value < 0) throw new Error(`${name} deve ser um número não negativo`);
  return value;
}

/** An on/off switch from the environment: true/1/on or false/0/off, `fallback` when unset; else start-up stops. */
function readSwitch(env: NodeJS.ProcessEnv, name: string, fallback: boolean): boolean {
  const raw = env[name]?.trim().toLowerCase();
  if (raw === undefined || raw === "") return fallback;
  if (["true", "1", "on"].includes(raw)) return true;
  if (["false", "0", "off"].includes(raw)) return false;
  throw new Error(`${name} deve ser true ou false`);
}

/** PASSWORD_HASH_COST: `standard` (the default) or `test`; anything else stops the start-up. */
function readPasswordHashCost(env: NodeJS.ProcessEnv): PasswordHashCost {
  const raw = env.PASSWORD_HASH_COST?.trim() || "standard";
  if (raw === "standard" || raw === "test") return raw;
  throw new Error("PASSWORD_HASH_COST deve ser standard ou test");
}

/** An http(s) origin from the environment ("" when unset); anything else stops the start-up. */
function readOrigin(env: NodeJS.ProcessEnv, name: string): string {
  const raw = env[name]?.trim();
  if (!raw) return "";
  const origin = parseOrigin(raw);
  if (!origin) throw new Error(`${name} deve ser um endereço http(s) sem caminho, como https://vitrine.example`);
  return origin;
}

/**
 * An AES-256 key from the environment (MODERATION_EVIDENCE_KEY, VERIFICATION_FILES_KEY, TWO_FACTOR_KEY): 32 bytes, as 64 hex
 * digits or in base64. Unset: undefined (a key derived from the server secret is used), except in production, where
 * the server refuses to start without it.
 */
function readAes256Key(env: NodeJS.ProcessEnv, name: string): Buffer | undefined {
  const raw = env[name]?.trim();
  if (!raw) {
    if (env.NODE_ENV === "production") {
      throw new Error(
        `${name} é obrigatória em produção: 32 bytes em hexadecimal (64 dígitos) ou base64 ` +
          "(gere com: openssl rand -hex 32)",
      );
    }
    return undefined;
  }
  const key = /^[0-9a-f]{64}$/i.test(raw) ? Buffer.from(raw, "hex") : Buffer.from(raw, "base64");
  if (key.length !== 32) throw new Error(`${name} deve ter 32 bytes: 64 dígitos hexadecimais ou base64`);
  return key;
}

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

/**
 * DATA_DIR holds the database, the photos (private ones too) and the JWT secret: only its owner may enter it.
 * A directory made by an older version is tightened too; one owned by another user is left as it is.
 */
function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  try {
    chmodSync(dir, 0o700);
  } catch {
    // Not ours to change (e.g. a mounted volume owned by another user).
  }
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
  ensurePrivateDir(dataDir);
  const defaultDist = path.join(serverRoot, "..", "web", "dist");
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
    publicCacheTtlMs: Math.max(1000, Number(env.PUBLIC_CACHE_TTL_MS || DEFAULT_PUBLIC_CACHE_TTL_MS)),
    publicCacheMaxStalenessMs: Number(env.PUBLIC_CACHE_MAX_STALENESS_MS || (env.NODE_ENV === "production" ? 250 : 0)),
    publicCacheMaxBytes: readNumber(env, "PUBLIC_CACHE_MAX_MB", DEFAULT_PUBLIC_CACHE_MAX_MB) * 1024 * 1024,
    requestTimeoutMs: readNumber(env, "REQUEST_TIMEOUT_MS", 10 * 60_000),
    headersTimeoutMs: readNumber(env, "HEADERS_TIMEOUT_MS", 20_000),
    connectionTimeoutMs: readNumber(env, "CONNECTION_TIMEOUT_MS", 60_000),
    keepAliveTimeoutMs: readNumber(env, "KEEP_ALIVE_TIMEOUT_MS", 72_000),
    bodyMinBytesPerSecond: readNumber(env, "BODY_MIN_BYTES_PER_SECOND", 1024),
    bodyRateWindowMs: readNumber(env, "BODY_RATE_WINDOW_MS", 30_000),
    sseMaxPerIp: readNumber(env, "SSE_MAX_PER_IP", 8),
    sseMaxTotal: readNumber(env, "SSE_MAX_TOTAL", 2000),
    visitorCountsPerHour: readNumber(env, "VISITOR_COUNTS_PER_HOUR", 60),
    storageSweepIntervalMs: readNumber(env, "STORAGE_SWEEP_INTERVAL_MS", 15 * 60_000),
    s3: readS3(env),
    jobsEnabled: readSwitch(env, "JOBS_ENABLED", true),
    smtpUrl: env.SMTP_URL?.trim() ?? "",
    mailFrom: env.MAIL_FROM?.trim() || "Vitrine <nao-responda@localhost>",
    mercadoPagoApiUrl: env.MERCADOPAGO_API_URL || MERCADOPAGO_DEFAULT_API_URL,
    mercadoPagoTimeoutMs: readNumber(env, "MERCADOPAGO_TIMEOUT_MS", 8000),
    mercadoPagoWebhookToleranceS: readNumber(env, "MERCADOPAGO_WEBHOOK_TOLERANCE_S", 300),
    publicUrl: readOrigin(env, "PUBLIC_URL"),
    requestHostFallback: env.NODE_ENV !== "production",
    ageAssurance: readAgeAssurance(env),
    passwordHashCost: readPasswordHashCost(env),
    failpoint: env.NODE_ENV === "test" ? env.VITRINE_FAILPOINT || undefined : undefined,
    moderationEvidenceKey: readAes256Key(env, "MODERATION_EVIDENCE_KEY"),
    verificationFilesKey: readAes256Key(env, "VERIFICATION_FILES_KEY"),
    twoFactorKey: readAes256Key(env, "TWO_FACTOR_KEY"),
    identityVerifier: readVerifier(env, "IDENTITY_VERIFIER", "birthdate"),
  };
}
