import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import fp from "fastify-plugin";

declare module "fastify" {
  interface FastifyContextConfig {
    /** A public read, the same for every visitor: answered with an ETag, 304 and the public cache policy. */
    publicRead?: boolean;
    /**
     * Adult content (modules/age-assurance): with an age verifier in force, a public read of it depends on the
     * browser's age pass, so it is answered as the browser's own (private, varying with its cookies).
     */
    ageRestricted?: boolean;
  }
}

/**
 * HTTP caching and compression of what the server sends from memory (JSON, HTML, XML, text).
 *
 * Public reads carry an ETag computed from their body, so it changes exactly when what the visitor sees changes
 * (a model appearing or leaving, a counter moving). Browsers revalidate every time (max-age=0) and get 304 without
 * a body when nothing changed; shared caches (a CDN) may keep an answer at most 60 s, so a plan that expires
 * disappears everywhere within a minute. Personal answers are never marked public reads. With an age verifier in
 * force, adult content is no longer the same for every visitor (it needs an age pass): its reads keep their ETag
 * and 304 for the browser but are private and vary with the cookies.
 *
 * Bodies of 1 KB or more are compressed (brotli, else gzip, as the client accepts). A body kept in the public
 * cache is the same Buffer on every hit, so it is compressed once and the compressed bytes are kept with it.
 * Files (the web app's assets) are streams: they are served precompressed by the static file server instead.
 */
export const PUBLIC_CACHE_CONTROL = "public, max-age=0, s-maxage=60";
/**
 * A public read of adult content while an age verifier is in force: no shared cache may keep it (it would hand it to
 * a browser without a pass); the browser keeps it per cookie and revalidates (ETag, 304) every time.
 */
export const AGE_RESTRICTED_CACHE_CONTROL = "private, no-cache";
export const COMPRESS_THRESHOLD = 1024;

const COMPRESSIBLE = /^(application\/(json|xml|javascript)|text\/|image\/svg\+xml)/;

type Encoded = { tag?: string; br?: Buffer; gzip?: Buffer };
const known = new WeakMap<Buffer, Encoded>();

function remembered(payload: string | Buffer): Encoded {
  if (typeof payload === "string") return {};
  let entry = known.get(payload);
  if (!entry) {
    entry = {};
    known.set(payload, entry);
  }
  return entry;
}

function etagOf(payload: string | Buffer, memo: Encoded): string {
  memo.tag ??= `W/"${createHash("sha1").update(payload).digest("base64url")}"`;
  return memo.tag;
}

/** True when If-None-Match names this tag (weak comparison) or is "*". */
function matches(header: string | undefined, tag: string): boolean {
  if (!header) return false;
  const strip = (t: string) => t.trim().replace(/^W\//, "");
  return header.split(",").some((t) => t.trim() === "*" || strip(t) === strip(tag));
}

/** The encoding to use: brotli when accepted, else gzip, else none (q=0 refuses one). */
export function pickEncoding(header: string | undefined): "br" | "gzip" | null {
  if (!header) return null;
  const accepted = new Map<string, number>();
  for (const part of header.toLowerCase().split(",")) {
    const [name, ...params] = part.trim().split(";");
    const q = params.map((p) => /^\s*q=([\d.]+)/.exec(p)?.[1]).find(Boolean);
    accepted.set(name.trim(), q === undefined ? 1 : Number(q));
  }
  const ok = (name: string) => (accepted.get(name) ?? accepted.get("*") ?? 0) > 0;
  if (ok("br")) return "br";
  if (ok("gzip")) return "gzip";
  return null;
}

function compress(payload: string | Buffer, encoding: "br" | "gzip", memo: Encoded): Buffer {
  const cached = memo[encoding];
  if (cached) return cached;
  const out =
    encoding === "br"
      ? brotliCompressSync(payload, {
          params: {
            [constants.BROTLI_PARAM_QUALITY]: 5,
            [constants.BROTLI_PARAM_SIZE_HINT]: Buffer.byteLength(payload),
          },
        })
      : gzipSync(payload, { level: 6 });
  memo[encoding] = out;
  return out;
}

/** Adds `name` to the answer's Vary header (once). */
export function appendVary(reply: FastifyReply, name: string): void {
  const current = reply.getHeader("Vary");
  const names = current ? String(current).split(/\s*,\s*/) : [];
  if (names.some((n) => n.toLowerCase() === name.toLowerCase())) return;
  reply.header("Vary", [...names, name].join(", "));
}

function encode(request: FastifyRequest, reply: FastifyReply, payload: unknown, ageVerifier: boolean): unknown {
  if (typeof payload !== "string" && !Buffer.isBuffer(payload)) return payload; // streams: files, the event stream
  const memo = remembered(payload);
  const isRead = request.method === "GET" || request.method === "HEAD";
  const config = request.routeOptions.config;
  if (config?.publicRead && isRead && reply.statusCode === 200) {
    const tag = etagOf(payload, memo);
    const restricted = ageVerifier && !!config.ageRestricted;
    reply.header("ETag", tag).header("Cache-Control", restricted ? AGE_RESTRICTED_CACHE_CONTROL : PUBLIC_CACHE_CONTROL);
    if (restricted) appendVary(reply, "Cookie");
    if (matches(request.headers["if-none-match"], tag)) {
      reply.code(304).removeHeader("content-length");
      return "";
    }
  }
  if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD || reply.getHeader("content-encoding")) return payload;
  const type = String(reply.getHeader("content-type") ?? "");
  if (!COMPRESSIBLE.test(type)) return payload;
  appendVary(reply, "Accept-Encoding");
  const encoding = pickEncoding(request.headers["accept-encoding"]);
  if (!encoding) return payload;
  const body = compress(payload, encoding, memo);
  reply.header("Content-Encoding", encoding).removeHeader("content-length");
  return body;
}

/** Registered first on the root instance, so its onSend hook sees every answer. */
export const httpCachePlugin = fp(async (app: FastifyInstance) => {
  const ageVerifier = app.config.ageAssurance.mode === "verifier";
  // A callback hook, not an async one: it runs on every answer, and has nothing to wait for.
  app.addHook("onSend", (request, reply, payload, done) => {
    let result: unknown;
    try {
      result = encode(request, reply, payload, ageVerifier);
    } catch (err) {
      return done(err as Error);
    }
    done(null, result);
  });
});

/** Marks every route of the scope it is added to as a public read. */
export function markPublicReads(scope: FastifyInstance): void {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, publicRead: true };
  });
}

/** Marks every route of the scope it is added to as adult content (see `ageRestricted`). */
export function markAgeRestricted(scope: FastifyInstance): void {
  scope.addHook("onRoute", (route) => {
    route.config = { ...route.config, ageRestricted: true };
  });
}
