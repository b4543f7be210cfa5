import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, municipios } from "../../db/schema";
import { type PublicCache, publicTags } from "../../cache/public-cache";
import { isPubliclyVisible } from "../models/visibility";

/** The most URLs one sitemap file may list (the sitemaps.org limit); past it, /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** The server's own paths a search engine has no business crawling: the API. (Photos under /uploads may be.) */
const SERVER_DISALLOWED = ["/api"];

/** A page of the web app's route table, as the server reads it from the built server entry. */
export type TablePage = { path: string; serverRendered: boolean };

/** A pattern's segments: static text, or null for a parameter (":id"). */
const segmentsOf = (pattern: string) =>
  pattern
    .split("/")
    .filter(Boolean)
    .map((segment) => (segment.startsWith(":") || segment === "*" ? null : segment));

/**
 * Whether the robots rule "Disallow: {prefix}" (a plain prefix of static segments, matched as text) takes in a
 * path the public pattern serves: the pattern has at least as many segments, the same ones before the last of
 * the prefix, and its segment there begins with the prefix's (or is a parameter).
 */
function prefixReaches(prefix: string[], pattern: (string | null)[]): boolean {
  if (pattern.length < prefix.length) return false;
  return prefix.every((segment, i) => {
    const other = pattern[i];
    if (other === null) return true;
    return i === prefix.length - 1 ? other.startsWith(segment) : other === segment;
  });
}

/**
 * The Disallow rule of a page the server does not render: its shortest leading run of static segments that
 * reaches no server-rendered page ("/dashboard/profile" → "/dashboard"). When every such run reaches one
 * ("/model/login" beside "/model/:id"), the page's own address, its parameters as "*", anchored with "$"
 * (RFC 9309): the router serves that address from this page, static segments winning over parameters.
 */
function disallowOf(pattern: string, rendered: (string | null)[][]): string {
  const segments = segmentsOf(pattern);
  const staticRun = segments.findIndex((segment) => segment === null);
  const leading = (staticRun < 0 ? segments : segments.slice(0, staticRun)) as string[];
  for (let length = 1; length <= leading.length; length++) {
    const prefix = leading.slice(0, length);
    if (!rendered.some((page) => prefixReaches(prefix, page))) return `/${prefix.join("/")}`;
  }
  return `/${segments.map((segment) => segment ?? "*").join("/")}$`;
}

/**
 * What robots.txt keeps crawlers off: every page of the web app's route table that the server does not render
 * (the private ones: sign-in, dashboard, admin, checkout, payment return pages), by the prefix disallowOf gives,
 * and the server's own paths. A server-rendered page is never taken in. Without the table (no built server
 * entry: the server answers no page from it) only the server's own paths.
 */
export function robotsDisallowed(pages: readonly TablePage[] | null): string[] {
  const rendered = (pages ?? []).filter((page) => page.serverRendered).map((page) => segmentsOf(page.path));
  const rules = new Set(
    (pages ?? []).filter((page) => !page.serverRendered).map((page) => disallowOf(page.path, rendered)),
  );
  // A rule that another one's prefix covers is left out ("/admin" covers "/admin/…").
  const covered = (rule: string) =>
    [...rules].some((other) => other !== rule && !other.endsWith("$") && rule.startsWith(other));
  return [...[...rules].filter((rule) => !covered(rule)), ...SERVER_DISALLOWED];
}

type SitemapUrl = { path: string; lastmod?: string };

/**
 * The pages worth indexing: the home page and each city with visible models, never a profile. A crawler cannot
 * pass the age check, so a profile's page shows it only the gate; and a profile's address names her. Computed
 * once per change of the models' public data.
 */
export function listSitemapPaths({ db, cache }: { db: Db; cache: PublicCache }): Promise<SitemapUrl[]> {
  return cache.get(
    "sitemap-paths",
    async () => {
      const rows = await db
        .selectDistinct({ citySlug: municipios.slug })
        .from(models)
        .innerJoin(municipios, eq(municipios.id, models.municipioId))
        .where(isPubliclyVisible());
      const cities = rows.map((r) => r.citySlug).sort();
      return [{ path: "/" }, ...cities.map((slug) => ({ path: `/cidade/${slug}` }))];
    },
    { expires: false, weigh: (urls) => 128 * urls.length, tags: [publicTags.models] },
  );
}

const escapeXml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&apos;" })[c]!);

export function renderUrlset(base: string, urls: SitemapUrl[]): string {
  const items = urls
    .map(
      (u) => `<url><loc>${escapeXml(base + u.path)}</loc>${u.lastmod ? `<lastmod>${u.lastmod}</lastmod>` : ""}</url>`,
    )
    .join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</urlset>\n`;
}

export function renderSitemapIndex(base: string, files: number): string {
  const items = Array.from(
    { length: files },
    (_, i) => `<sitemap><loc>${escapeXml(`${base}/sitemaps/${i + 1}.xml`)}</loc></sitemap>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>\n<sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${items}\n</sitemapindex>\n`;
}

/** robots.txt: the rules of robotsDisallowed for every crawler, and the sitemap's address. */
export function renderRobots(base: string, pages: readonly TablePage[] | null): string {
  return [
    "User-agent: *",
    ...robotsDisallowed(pages).map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
