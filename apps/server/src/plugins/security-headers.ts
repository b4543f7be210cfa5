import helmet from "helmet";
import type { FastifyInstance } from "fastify";

/**
 * The built web app loads only its own scripts, styles and fonts; photos come from /uploads, and the photo
 * picker previews files as blob: URLs. React sets inline styles through the DOM, which the policy allows, so
 * no 'unsafe-inline' is needed.
 */
const CONTENT_SECURITY_POLICY = {
  useDefaults: false,
  directives: {
    defaultSrc: ["'self'"],
    imgSrc: ["'self'", "data:", "blob:"],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
  },
};

/**
 * The essential headers as plain values, for the few answers that bypass the request hooks (errors raised by
 * the router before any hook, malformed HTTP answered on the socket).
 */
export const BASELINE_SECURITY_HEADERS: Record<string, string> = {
  "Content-Security-Policy":
    "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'; " +
    "frame-ancestors 'none'",
  "X-Content-Type-Options": "nosniff",
  "X-Frame-Options": "DENY",
  "Referrer-Policy": "strict-origin-when-cross-origin",
};

/**
 * Responses that carry owner-signed photo URLs (the advertiser's pages and APIs) or are reached through one
 * (`/uploads/…?sig=`): no Referer at all, so a signed URL never travels to another site.
 */
const SIGNED_URL_PATHS = /^\/(dashboard|api\/models\/profile|api\/models\/photos)(\/|\?|$)|^\/uploads\/.*[?&]sig=/;

/**
 * Security headers on every response (JSON, the web app, photos, errors): a Content-Security-Policy, nosniff,
 * no framing, and a Referrer-Policy that sends only the origin to other sites (nothing where signed URLs live).
 * Helmet also sets its other defaults (HSTS, Cross-Origin-Opener/Resource-Policy, Origin-Agent-Cluster, …).
 * Helmet's middleware is built once (its header values computed once): the Fastify plugin rebuilt it on every
 * request, parsing the policy each time, which cost a cached page several percent of its throughput.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const setHeaders = helmet({
    contentSecurityPolicy: CONTENT_SECURITY_POLICY,
    frameguard: { action: "deny" },
    referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  });
  app.addHook("onRequest", (request, reply, done) => {
    setHeaders(request.raw, reply.raw, (err?: unknown) => {
      if (!err && SIGNED_URL_PATHS.test(request.url)) reply.raw.setHeader("Referrer-Policy", "no-referrer");
      done(err as Error | undefined);
    });
  });
}
