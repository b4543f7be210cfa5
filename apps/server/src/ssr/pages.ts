import { parseModelIdParam } from "@vitrine/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import { addCountedView, getCachedProfile } from "../modules/public-models/service";
import { publicOrigin } from "../modules/settings/service";
import type { Page, PageRenderer } from "./renderer";

/** The paths of the server-rendered pages (anything else non-API reaches the not-found handler). */
export const PUBLIC_PAGE_ROUTES = [
  "/",
  "/cidade/:slug",
  "/cidade/:citySlug/:modelSlug/:id",
  "/modelo/:slug",
  "/model/:id",
];

/** The listing's query parameters; any other parameter does not change the page (nor its cache key). */
const PAGE_PARAMS = ["search", "city", "city_id"];

/** The cookie the age gate sets once accepted (the web app's AGE_COOKIE). */
const AGE_COOKIE = /(?:^|;\s*)age_ok=1(?:;|$)/;

/**
 * A page that is not kept in the cache (404, 400, or null for a private path): thrown out of the cache's compute
 * with the page itself, so arbitrary paths never take room in the cache.
 */
class Uncached {
  constructor(readonly page: Page | null) {}
}

const PLAIN_PATH = /^(\/[a-z0-9-]+)+$|^\/$/;

/** Path and the listing's parameters in a fixed order: the URL rendered and the cache key. */
export function normalizedUrl(rawUrl: string): string {
  // A plain path (letters, digits and dashes between single slashes, no query) is already normal: most requests.
  if (PLAIN_PATH.test(rawUrl)) return rawUrl;
  // Parsed under a fixed origin, so a path such as "//host" stays a path.
  const url = new URL(`http://localhost${rawUrl}`);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

type Shells = { privateShell: string; publicShell: string };

/**
 * Server-rendered public pages: home, /cidade/{slug}, the three profile forms, and every unknown path (404).
 * A page found (200) is kept in the public cache under the data version, per URL and age-gate state, with the
 * listing's TTL: a hit is one map lookup, and its Buffer is compressed once (plugins/http-cache.ts), which also
 * gives it the ETag/304 of public reads. Pages that answer 404 or 400 are rendered each time and not kept.
 * Private paths get the client-rendered shell with noindex. A failed render falls back to the shell.
 */
export function createPageHandler(app: FastifyInstance, renderer: PageRenderer, shells: Shells) {
  async function render(url: string, origin: string, ageAccepted: boolean): Promise<Page | null> {
    // Read before the data: the page's data is at least this new, so a browser told of a newer version by the
    // live stream knows to refresh it (a change between this render and the stream's opening is not lost).
    const dataVersion = await app.publicCache.currentVersion();
    return renderer.render({ url, origin, ageAccepted, dataVersion });
  }

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const url = normalizedUrl(request.url);
    const ageAccepted = AGE_COOKIE.test(request.headers.cookie ?? "");
    let page: Page | null;
    // The visitor's view of a profile is counted first, as the profile API counts it: a page rendered now then
    // shows it, like the API's answer that counted it would.
    if (request.method === "GET") await countProfileView(app, request, url);
    // Only pages found (200) are cached. A page whose links were built from the request's own host (development
    // without a configured origin) is kept under that host, never served to a request for another.
    const { origin, fromRequest } = await publicOrigin(app, request);
    try {
      page = await app.publicCache.get(
        `html|${ageAccepted ? 1 : 0}|${url}${fromRequest ? `|${origin}` : ""}`,
        async () => {
          const result = await render(url, origin, ageAccepted);
          if (!result || result.status !== 200) throw new Uncached(result);
          return result;
        },
        { weigh: (p) => 512 + (p?.html.length ?? 0) },
      );
    } catch (err) {
      if (!(err instanceof Uncached)) {
        request.log.error({ err, url }, "page render failed");
        return reply
          .code(200)
          .header("Cache-Control", "no-cache")
          .type("text/html; charset=utf-8")
          .send(shells.publicShell);
      }
      page = err.page;
    }
    if (!page) {
      return reply
        .code(200)
        .header("Cache-Control", "no-cache")
        .type("text/html; charset=utf-8")
        .send(shells.privateShell);
    }
    if (page.status !== 200) reply.header("Cache-Control", "no-cache");
    return reply.code(page.status).type("text/html; charset=utf-8").send(page.html);
  };
}

/**
 * Counts a view of the profile at `url` (any of its three forms) for the visitor, as the profile API does: once
 * per visitor per model per day, and the cached profile shows the new count at once. Unknown, hidden and
 * invalid ids count nothing (the page answers 404 or 400); a failure to count is logged, the page still served.
 */
async function countProfileView(app: FastifyInstance, request: FastifyRequest, url: string): Promise<void> {
  const segments = url.split("?")[0].split("/");
  const isProfile =
    (segments[1] === "cidade" && segments.length === 5) ||
    (["modelo", "model"].includes(segments[1]) && segments.length === 3);
  if (!isProfile) return;
  const id = parseModelIdParam(decodeURIComponentSafe(segments.at(-1) ?? ""));
  if (id === null) return;
  const { db, publicCache: cache } = app;
  try {
    const entry = await getCachedProfile({ db, cache, id });
    if (await app.countVisit({ db, kind: "view", modelId: entry.id, ip: request.ip })) addCountedView(entry);
  } catch (err) {
    if (!(err instanceof AppError)) request.log.warn({ err }, "profile view not counted");
  }
}

function decodeURIComponentSafe(text: string): string {
  try {
    return decodeURIComponent(text);
  } catch {
    return text;
  }
}

/** A route-level hook: the page differs with the age-gate cookie, so shared caches keep one copy per cookie. */
export function varyOnCookie(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
) {
  const vary = reply.getHeader("Vary");
  reply.header("Vary", vary ? `${String(vary)}, Cookie` : "Cookie");
  done(null, payload);
}
