import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { notFound } from "../../lib/app-error";
import { publicOrigin } from "../settings/service";
import { listSitemapPaths, renderRobots, renderSitemapIndex, renderUrlset, SITEMAP_MAX_URLS } from "./service";

/** Browsers and shared caches may keep these for a minute: they follow the public data within that. */
const PUBLIC_MAX_AGE = "public, max-age=60";

function sendXml(reply: FastifyReply, xml: string) {
  return reply.header("Cache-Control", PUBLIC_MAX_AGE).type("application/xml; charset=utf-8").send(xml);
}

/**
 * robots.txt and the sitemap, at the site's root. robots.txt reads the web app's pages once the web app is
 * registered (app.pageRoutes, ssr/web-app.ts). /sitemap.xml lists every indexable page while they fit in
 * one file (SITEMAP_MAX_URLS); beyond that it is an index of /sitemaps/{n}.xml files of that size.
 */
export function seoRoutes(opts: { maxUrlsPerFile?: number } = {}): FastifyPluginAsync {
  const perFile = opts.maxUrlsPerFile ?? SITEMAP_MAX_URLS;
  return async (app) => {
    const base = async (request: FastifyRequest) => (await publicOrigin(app, request)).origin;

    app.get("/robots.txt", async (request, reply) =>
      reply
        .header("Cache-Control", PUBLIC_MAX_AGE)
        .type("text/plain; charset=utf-8")
        .send(renderRobots(await base(request), app.pageRoutes)),
    );

    app.get("/sitemap.xml", async (request, reply) => {
      const [site, urls] = await Promise.all([base(request), listSitemapPaths({ db: app.db, cache: app.publicCache })]);
      if (urls.length <= perFile) return sendXml(reply, renderUrlset(site, urls));
      return sendXml(reply, renderSitemapIndex(site, Math.ceil(urls.length / perFile)));
    });

    const PartParams = z.object({ part: z.string().regex(/^\d{1,6}\.xml$/) });
    app.get("/sitemaps/:part", async (request, reply) => {
      const parsed = PartParams.safeParse(request.params);
      const n = parsed.success ? Number.parseInt(parsed.data.part, 10) : 0;
      const urls = await listSitemapPaths({ db: app.db, cache: app.publicCache });
      const slice = n >= 1 ? urls.slice((n - 1) * perFile, n * perFile) : [];
      if (urls.length <= perFile || slice.length === 0) throw notFound("Sitemap não encontrado");
      return sendXml(reply, renderUrlset(await base(request), slice));
    });
  };
}
