import {
  AGE_RESULT_PARAM,
  AGE_RESULTS,
  hasAgeGateCookie,
  LISTING_FILTER_KEYS,
  parseModelIdParam,
  parseTransparencyPeriod,
  TRANSPARENCY_PERIOD_PARAM,
  transparencyPeriodKey,
} from "@vitrine/contracts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { AppError } from "../lib/app-error";
import { appendVary } from "../plugins/http-cache";
import { addCountedView, getCachedProfile } from "../modules/public-models/service";
import { publicOrigin } from "../modules/settings/service";
import type { Page, PageRenderer } from "./renderer";

/**
 * The listing's query parameters; any other parameter does not change the page (nor its cache key). The filters
 * (LISTING_FILTER_KEYS) are kept as the page reads them: empty ones left out (a form sent without JavaScript
 * sends every field), repeated ones (its checkboxes) joined by commas.
 */
const PAGE_PARAMS = ["search", "city", "city_id"];

/** The verifier's answers the gate page tells (`?idade=menor`…): kept in the gate page's URL, never elsewhere. */
const AGE_RESULT_VALUES: ReadonlySet<string> = new Set(Object.values(AGE_RESULTS));

/**
 * A page that is not kept in the cache (404, 400, or null for a private path): thrown out of the cache's compute
 * with the page itself, so arbitrary paths never take room in the cache.
 */
class Uncached {
  constructor(readonly page: Page | null) {}
}

/** The transparency report's page, whose period (`?periodo=`) is kept in its URL (decision 076). */
const TRANSPARENCY_PATH = "/transparencia";

const PLAIN_PATH = /^(\/[a-z0-9-]+)+$|^\/$/;

/**
 * Path and the listing's parameters in a fixed order: the URL rendered and the cache key. The age gate's page
 * (`ageResult`) also keeps the verifier's answer it shows (`?idade=menor`, one of AGE_RESULTS).
 */
export function normalizedUrl(rawUrl: string, { ageResult = false }: { ageResult?: boolean } = {}): string {
  // A plain path (letters, digits and dashes between single slashes, no query) is already normal: most requests.
  if (PLAIN_PATH.test(rawUrl)) return rawUrl;
  // Parsed under a fixed origin, so a path such as "//host" stays a path.
  const url = new URL(`http://localhost${rawUrl}`);
  const kept = new URLSearchParams();
  for (const name of PAGE_PARAMS) {
    const value = url.searchParams.get(name);
    if (value !== null) kept.set(name, value);
  }
  for (const name of LISTING_FILTER_KEYS) {
    const values = url.searchParams
      .getAll(name)
      .map((v) => v.trim())
      .filter(Boolean);
    if (values.length) kept.set(name, values.join(","));
  }
  // The report's period, on its own page only, as the report writes it ("2026-t4" is "2026-T4"); a value that names
  // no period is kept as it is, for the page to answer 400 (never cached).
  const periodo = url.pathname === TRANSPARENCY_PATH ? url.searchParams.get(TRANSPARENCY_PERIOD_PARAM) : null;
  if (periodo !== null) {
    const period = parseTransparencyPeriod(periodo);
    kept.set(TRANSPARENCY_PERIOD_PARAM, period ? transparencyPeriodKey(period) : periodo);
  }
  const result = url.searchParams.get(AGE_RESULT_PARAM);
  if (ageResult && result !== null && AGE_RESULT_VALUES.has(result)) kept.set(AGE_RESULT_PARAM, result);
  const query = kept.toString();
  return query ? `${url.pathname}?${query}` : url.pathname;
}

type Shells = { privateShell: string; publicShell: string };

/**
 * The shell of a page the browser renders (index.html): the same for everyone, never kept by a shared cache. A
 * route the browser renders may show private data once loaded, so the answer is private and revalidated.
 */
export function sendShell(reply: FastifyReply, shell: string) {
  return reply.code(200).header("Cache-Control", "private, no-cache").type("text/html; charset=utf-8").send(shell);
}

/**
 * Server-rendered pages: the server-rendered routes of the web app's table (home, /cidade/{slug}, the three profile
 * forms) and every path no route matches (404).
 * A page found (200) is kept in the public cache under the data version, per URL and age-gate state, with the
 * listing's TTL: a hit is one map lookup, and its Buffer is compressed once (plugins/http-cache.ts), which also
 * gives it the ETag/304 of public reads. Pages that answer 404 or 400 are rendered each time and not kept.
 * Private paths get the client-rendered shell with noindex. A failed render falls back to the shell.
 *
 * The age-gate state: with self-declaration, the visitor's `age_ok` cookie; with an age verifier, a valid age
 * pass, while `age_ok` means nothing. Without it, in either mode, the gate page: the site, the city, the state and
 * the category in its head, nothing of an advertiser (the web app's page loader decides what, page-data.ts). The
 * cache keeps the two states under separate keys.
 */
export function createPageHandler(app: FastifyInstance, renderer: PageRenderer, shells: Shells) {
  const { mode, verifier } = app.config.ageAssurance;
  const age = { mode, verifierName: verifier?.name ?? null };

  async function render(url: string, origin: string, ageAccepted: boolean): Promise<Page | null> {
    // Read before the data: the page's data is at least this new, so the browser's live stream resumes after that
    // event (or, without it, compares versions), and a change between this render and the stream's opening is
    // not lost.
    const [dataVersion, lastEventId] = await Promise.all([app.publicCache.currentVersion(), app.events.lastId()]);
    return renderer.render({ url, origin, ageAccepted, age, dataVersion, lastEventId });
  }

  return async function servePage(request: FastifyRequest, reply: FastifyReply) {
    const ageAccepted =
      mode === "verifier" ? await app.hasAgePass(request) : hasAgeGateCookie(request.headers.cookie ?? "");
    const url = normalizedUrl(request.url, { ageResult: mode === "verifier" && !ageAccepted });
    let page: Page | null;
    // The visitor's view of a profile is counted first, as the profile API counts it: a page rendered now then
    // shows it, like the API's answer that counted it would. A visitor held at the age gate (either mode) has seen
    // nothing.
    if (request.method === "GET" && ageAccepted) {
      await countProfileView(app, request, renderer.viewedModel(url.split("?")[0]));
    }
    // Only pages found (200) are cached. A page whose links were built from the request's own host (development
    // without a configured origin) is kept under that host, never served to a request for another.
    const { origin, fromRequest } = await publicOrigin(app, request);
    // X-Cache: "hit" when the page was a stored entry (no render), "miss" when it was rendered or waited for a render.
    let cacheState = "hit";
    try {
      page = await app.publicCache.get(
        `html|${ageAccepted ? 1 : 0}|${url}${fromRequest ? `|${origin}` : ""}`,
        async () => {
          const result = await render(url, origin, ageAccepted);
          if (!result || result.status !== 200) throw new Uncached(result);
          return result;
        },
        {
          weigh: (p) => 512 + (p?.html.length ?? 0),
          onMiss: () => {
            cacheState = "miss";
          },
        },
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
    if (!page) return sendShell(reply, shells.privateShell);
    if (page.status !== 200) reply.header("Cache-Control", "no-cache");
    reply.header("X-Cache", cacheState);
    return reply.code(page.status).type("text/html; charset=utf-8").send(page.html);
  };
}

/**
 * Counts a view of the profile whose id the page's path gives (`raw`, from the route table; null for any other
 * page) for the visitor, as the profile API does: once per visitor per model per day, and the cached profile shows
 * the new count at once. Unknown, hidden and invalid ids count nothing (the page answers 404 or 400); a failure
 * to count is logged, the page still served.
 */
async function countProfileView(app: FastifyInstance, request: FastifyRequest, raw: string | null): Promise<void> {
  if (raw === null) return;
  const id = parseModelIdParam(raw);
  if (id === null) return;
  const { db, publicCache: cache } = app;
  try {
    const entry = await getCachedProfile({ db, cache, id });
    if (await app.countVisit({ db, kind: "view", modelId: entry.id, ip: request.ip })) addCountedView(entry);
  } catch (err) {
    if (!(err instanceof AppError)) request.log.warn({ err }, "profile view not counted");
  }
}

/** A route-level hook: the page differs with the age-gate cookies, so caches keep one copy per cookie. */
export function varyOnCookie(
  _request: FastifyRequest,
  reply: FastifyReply,
  payload: unknown,
  done: (err: null, payload: unknown) => void,
) {
  appendVary(reply, "Cookie");
  done(null, payload);
}
