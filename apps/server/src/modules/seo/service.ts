import { modelProfilePath } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, municipios } from "../../db/schema";
import type { PublicCache } from "../../cache/public-cache";
import { isPubliclyVisible } from "../models/visibility";

/** The most URLs one sitemap file may list (the sitemaps.org limit); past it, /sitemap.xml becomes an index. */
export const SITEMAP_MAX_URLS = 50_000;

/** Paths a search engine has no business crawling: private areas, payment pages and the API. */
export const ROBOTS_DISALLOWED = ["/dashboard", "/admin", "/checkout", "/payment", "/api"];

type SitemapUrl = { path: string; lastmod?: string };

/**
 * Every public page worth indexing: the home page, each city with visible models, each visible model's profile
 * (in its canonical /cidade/{city}/{model}/{id} form). Computed once per public data version.
 */
export function listSitemapPaths({ db, cache }: { db: Db; cache: PublicCache }): Promise<SitemapUrl[]> {
  return cache.get(
    "sitemap-paths",
    async () => {
      const rows = await db
        .select({ id: models.id, name: models.name, updatedAt: models.updatedAt, citySlug: municipios.slug })
        .from(models)
        .innerJoin(municipios, eq(municipios.id, models.municipioId))
        .where(isPubliclyVisible())
        .orderBy(models.id);
      const cities = [...new Set(rows.map((r) => r.citySlug))].sort();
      return [
        { path: "/" },
        ...cities.map((slug) => ({ path: `/cidade/${slug}` })),
        ...rows.map((r) => ({
          path: modelProfilePath({ id: r.id, name: r.name, city_slug: r.citySlug }),
          lastmod: r.updatedAt.toISOString().slice(0, 10),
        })),
      ];
    },
    { expires: false, weigh: (urls) => 128 * urls.length },
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

export function renderRobots(base: string): string {
  return [
    "User-agent: *",
    ...ROBOTS_DISALLOWED.map((path) => `Disallow: ${path}`),
    "",
    `Sitemap: ${base}/sitemap.xml`,
    "",
  ].join("\n");
}
