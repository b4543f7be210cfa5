import { AgeGateQuerySchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The cookie the server reads to render pages without the age gate (the web app writes the same one). */
const AGE_COOKIE = "age_ok=1";
const ONE_YEAR_SECONDS = 365 * 24 * 60 * 60;

const isUnsafeChar = (char: string) => char === "\\" || char.charCodeAt(0) < 0x20 || char.charCodeAt(0) === 0x7f;

/** The origin a return path is resolved against: any fixed origin will do, only its sameness is checked. */
const PATH_ORIGIN = "http://localhost";

/**
 * Where to send the visitor back: a path of this site only, judged after normalisation. The target is resolved
 * against a fixed origin (dot segments, encoded dots and backslashes as a browser reads them) and kept only when it
 * stays on that origin and its path does not begin with "//" (which a browser reads as another host). Anything
 * else — another origin, a scheme-relative `//host`, control characters — goes to the home page.
 */
export function safeNextPath(next: string | undefined): string {
  if (!next || !next.startsWith("/") || [...next].some(isUnsafeChar)) return "/";
  const url = new URL(next, PATH_ORIGIN);
  if (url.origin !== PATH_ORIGIN || url.pathname.startsWith("//")) return "/";
  return url.pathname + url.search + url.hash;
}

/**
 * GET /api/age-gate?next=…: the age gate's button without the page's script. It only records the visitor's
 * declaration (the cookie the gate itself writes) and redirects with 303, so it is harmless as a GET: a search
 * engine or a prefetch that follows it learns nothing and changes nothing but its own cookie.
 */
export const ageGateRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/age-gate",
    {
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { querystring: AgeGateQuerySchema, hide: true },
    },
    async (request, reply) => {
      const secure = request.protocol === "https" ? "; Secure" : "";
      return reply
        .code(303)
        .header("Cache-Control", "no-store")
        .header("Set-Cookie", `${AGE_COOKIE}; Path=/; Max-Age=${ONE_YEAR_SECONDS}; SameSite=Lax${secure}`)
        .header("Location", safeNextPath(request.query.next))
        .send();
    },
  );
};
