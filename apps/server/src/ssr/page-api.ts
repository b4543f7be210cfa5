import {
  CategoriesResponseSchema,
  CityResponseSchema,
  CitySlugParamsSchema,
  parseModelIdParam,
  PublicModelsQuerySchema,
  PublicSettingsResponseSchema,
} from "@vitrine/contracts";
import type { FastifyInstance } from "fastify";
import { AppError } from "../lib/app-error";
import { errorBody } from "../plugins/error-handler";
import { getJsonBody } from "../cache/public-cache";
import { findCityBySlug } from "../modules/cities/service";
import { listCategories } from "../modules/places/service";
import { getCachedProfile, getListingBody } from "../modules/public-models/service";
import { getPublicSettings } from "../modules/settings/service";

/** What a read of the public API answers: its status and parsed JSON body. */
export type ApiAnswer = { status: number; body: unknown };

/**
 * The public API reads a server-rendered page makes (settings, city by slug, listing page, profile, the filter
 * form's categories), answered by the same services and cached bodies as their routes, without going through the
 * HTTP stack (`app.inject` cost about as much as the read itself on a page miss). The bodies are the ones the routes
 * send: the cached, schema-checked Buffers parsed back, or the same presenter checked against the route's response
 * schema; a failure answers the route's status and `{ error, code }` body. A profile read does not count a view: the
 * page handler counts the visitor's view before rendering (./pages.ts), so the page shows it as the route's answer
 * would. Any other path, or a query the route would refuse, goes through `app.inject` of the real route.
 */
export function createPageApi(app: FastifyInstance) {
  const { db, publicCache: cache, cityIndex } = app;

  async function inject(url: string): Promise<ApiAnswer> {
    const res = await app.inject({ method: "GET", url, headers: { accept: "application/json" } });
    let body: unknown;
    try {
      body = res.body ? JSON.parse(res.body) : undefined;
    } catch {
      body = res.body;
    }
    return { status: res.statusCode, body };
  }

  async function read(url: URL): Promise<ApiAnswer | null> {
    const path = url.pathname;
    if (path === "/api/settings/public") {
      // Settings move the public data version (migration 0012), so they are cached under it.
      const body = await getJsonBody(cache, "settings-public", PublicSettingsResponseSchema, () =>
        getPublicSettings({ db }),
      );
      return { status: 200, body: JSON.parse(body.toString()) };
    }
    if (path.startsWith("/api/cities/by-slug/")) {
      const params = CitySlugParamsSchema.safeParse({
        slug: decodeURIComponent(path.slice("/api/cities/by-slug/".length)),
      });
      if (!params.success || params.data.slug.includes("/")) return null;
      const city = await findCityBySlug({ db, cache, cityIndex, slug: params.data.slug });
      return { status: 200, body: CityResponseSchema.parse({ city }) };
    }
    if (path === "/api/categories" && url.searchParams.get("include_empty") === "1") {
      // Every category (the listing's filter form): a small table.
      const categories = await listCategories({ db, includeEmpty: true });
      return { status: 200, body: CategoriesResponseSchema.parse({ categories }) };
    }
    if (path === "/api/models/public") {
      const query = PublicModelsQuerySchema.safeParse(Object.fromEntries(url.searchParams));
      if (!query.success) return null;
      const body = await getListingBody({ db, cache, query: query.data });
      return { status: 200, body: JSON.parse(body.toString()) };
    }
    if (path.startsWith("/api/models/public/")) {
      const id = parseModelIdParam(decodeURIComponent(path.slice("/api/models/public/".length)));
      if (id === null) return null;
      const entry = await getCachedProfile({ db, cache, id });
      return { status: 200, body: JSON.parse(entry.body.toString()) };
    }
    return null;
  }

  /** Answers one API read of a page being rendered. */
  return async function pageApi(rawUrl: string): Promise<ApiAnswer> {
    const url = new URL(`http://localhost${rawUrl}`);
    try {
      return (await read(url)) ?? (await inject(rawUrl));
    } catch (err) {
      if (err instanceof AppError) {
        return { status: err.statusCode, body: errorBody(err.code, err.message, err.details, err.usage) };
      }
      if (err instanceof URIError) return inject(rawUrl);
      throw err;
    }
  };
}
