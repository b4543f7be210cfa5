import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { useTestContext } from "../../test/fixtures";
import { buildModel, setSetting } from "../../test/factories";
import { loadConfig } from "../../config";
import { assertPublicOriginConfigured, PUBLIC_ORIGIN_MISSING } from "../settings/service";
import { listSitemapPaths, renderSitemapIndex, renderUrlset, robotsDisallowed } from "./service";

describe("robots.txt and sitemap.xml", () => {
  const ctx = useTestContext();
  let visible: number;
  let hidden: number;
  let expired: number;
  before(async () => {
    visible = await buildModel(ctx.app, { name: "Ana Clara", municipioId: 3509502 }); // Campinas
    hidden = await buildModel(ctx.app, { name: "Bia Oculta", isActive: false, municipioId: 3304557 }); // Rio
    expired = await buildModel(ctx.app, { name: "Carla Vencida", validDays: 0, municipioId: 4106902 }); // Curitiba
  });

  it("robots.txt without the web app (no route table): the API kept out, the sitemap named", async () => {
    const res = await ctx.as(null).get("/robots.txt");
    assert.equal(res.statusCode, 200);
    assert.match(res.headers["content-type"] as string, /^text\/plain/);
    assert.deepEqual(res.body.match(/^Disallow: .*$/gm), ["Disallow: /api"]);
    assert.match(res.body, /^Sitemap: http:\/\/localhost(:\d+)?\/sitemap\.xml$/m);
    assert.equal(res.headers["cache-control"], "public, max-age=60");
  });

  it("robots rules come from the route table: each page the server does not render, none it renders", () => {
    const table = [
      { path: "/", serverRendered: true },
      { path: "/cidade/:slug", serverRendered: true },
      { path: "/model/:id", serverRendered: true },
      { path: "/login", serverRendered: false },
      { path: "/model/login", serverRendered: false },
      { path: "/dashboard", serverRendered: false },
      { path: "/dashboard/gallery", serverRendered: false },
      { path: "/admin/login", serverRendered: false },
      { path: "/admin/models", serverRendered: false },
      { path: "/checkout/:productId", serverRendered: false },
      { path: "/cidade/:slug/mapa", serverRendered: false },
      { path: "/carrinho", serverRendered: false },
    ];
    assert.deepEqual(robotsDisallowed(table), [
      "/login",
      "/model/login$", // "/model" or "/model/login" would take in /model/{id} pages
      "/dashboard",
      "/admin",
      "/checkout",
      "/cidade/*/mapa$",
      "/carrinho",
      "/api",
    ]);
    assert.deepEqual(robotsDisallowed(table.filter((page) => page.serverRendered)), ["/api"]);
  });

  it("lists home and the cities with visible models, never a profile (a crawler cannot pass the age check)", async () => {
    const res = await ctx.as(null).get("/sitemap.xml");
    assert.equal(res.statusCode, 200);
    assert.match(res.headers["content-type"] as string, /^application\/xml/);
    assert.match(res.body, /<urlset xmlns="http:\/\/www.sitemaps.org\/schemas\/sitemap\/0.9">/);
    const locs = [...res.body.matchAll(/<loc>http:\/\/localhost(?::\d+)?(\/[^<]*)<\/loc>/g)].map((m) => m[1]);
    assert.deepEqual(locs, ["/", "/cidade/campinas-sp"]);
    assert.doesNotMatch(res.body, new RegExp(`ana-clara|/${visible}<|/${hidden}<|/${expired}<|modelo/`));
    assert.doesNotMatch(res.body, /rio-de-janeiro-rj|curitiba-pr/);
  });

  it("follows the data: a city's last visible model leaving takes the city out; site_url names the address", async () => {
    await setSetting(ctx.app, "site_url", "https://vitrine.example/");
    const extra = await buildModel(ctx.app, { name: "Duda Nova", municipioId: 4106902 }); // Curitiba
    let body = (await ctx.as(null).get("/sitemap.xml")).body;
    assert.match(body, /<loc>https:\/\/vitrine.example\/cidade\/curitiba-pr<\/loc>/);
    assert.doesNotMatch(body, /duda-nova/);
    await ctx.app.db.update(models).set({ isActive: false }).where(eq(models.id, extra));
    body = (await ctx.as(null).get("/sitemap.xml")).body;
    assert.doesNotMatch(body, /curitiba-pr/);
    assert.match((await ctx.as(null).get("/robots.txt")).body, /^Sitemap: https:\/\/vitrine.example\/sitemap.xml$/m);
  });

  it("past the per-file limit becomes an index of numbered files; unknown parts are 404", async () => {
    const urls = await listSitemapPaths({ db: ctx.app.db, cache: ctx.app.publicCache });
    assert.ok(urls.length >= 2);
    const index = renderSitemapIndex("https://x.example", 3);
    assert.match(index, /<sitemapindex /);
    assert.equal(index.match(/<sitemap>/g)?.length, 3);
    assert.match(index, /<loc>https:\/\/x.example\/sitemaps\/3.xml<\/loc>/);
    assert.equal(renderUrlset("https://x.example", urls.slice(0, 2)).match(/<url>/g)?.length, 2);
    assert.equal((await ctx.as(null).get("/sitemaps/1.xml")).statusCode, 404); // everything fits in /sitemap.xml
    assert.equal((await ctx.as(null).get("/sitemaps/abc")).statusCode, 404);
  });
});

describe("the public origin comes from configuration, never from the request's Host", () => {
  const ctx = useTestContext();

  const robots = (headers: Record<string, string>) =>
    ctx.app.inject({ method: "GET", url: "/robots.txt", headers }).then((res) => res.body);
  const evil = { host: "evil.example", "x-forwarded-host": "evil.example" };

  it("site_url, whatever Host or X-Forwarded-Host say; PUBLIC_URL wins over site_url", async () => {
    await setSetting(ctx.app, "site_url", "https://vitrine.example");
    try {
      assert.match(await robots(evil), /^Sitemap: https:\/\/vitrine\.example\/sitemap\.xml$/m);
      const sitemap = await ctx.app.inject({ method: "GET", url: "/sitemap.xml", headers: evil });
      assert.doesNotMatch(sitemap.body, /evil/);
      ctx.app.config.publicUrl = "https://publico.example";
      assert.match(await robots(evil), /^Sitemap: https:\/\/publico\.example\/sitemap\.xml$/m);
    } finally {
      ctx.app.config.publicUrl = "";
      await setSetting(ctx.app, "site_url", "");
    }
  });

  it("in production nothing is built from the request: the start-up refuses without PUBLIC_URL or site_url", async () => {
    ctx.app.config.requestHostFallback = false;
    try {
      await assert.rejects(assertPublicOriginConfigured(ctx.app), { message: PUBLIC_ORIGIN_MISSING });
      const res = await ctx.app.inject({ method: "GET", url: "/robots.txt", headers: evil });
      assert.equal(res.statusCode, 500);
      assert.doesNotMatch(res.body, /evil/);
      await setSetting(ctx.app, "site_url", "https://vitrine.example");
      await assertPublicOriginConfigured(ctx.app);
      assert.match(await robots(evil), /https:\/\/vitrine\.example\/sitemap\.xml/);
    } finally {
      ctx.app.config.requestHostFallback = true;
      await setSetting(ctx.app, "site_url", "");
    }
  });

  it("PUBLIC_URL must be an http(s) origin; production takes no request host", () => {
    const env = { DATA_DIR: ctx.config.dataDir, JWT_SECRET: "x" };
    assert.equal(loadConfig({ ...env, PUBLIC_URL: "https://vitrine.example/" }).publicUrl, "https://vitrine.example");
    assert.equal(loadConfig(env).publicUrl, "");
    assert.equal(loadConfig(env).requestHostFallback, true);
    // Production also requires the legal-hold and verification-file keys and the age mode.
    const production = {
      NODE_ENV: "production",
      MODERATION_EVIDENCE_KEY: "11".repeat(32),
      VERIFICATION_FILES_KEY: "22".repeat(32),
      TWO_FACTOR_KEY: "33".repeat(32),
      AGE_ASSURANCE: "self-declaration",
    };
    assert.equal(loadConfig({ ...env, ...production }).requestHostFallback, false);
    for (const bad of ["vitrine.example", "ftp://vitrine.example", "https://vitrine.example/loja", "javascript:x"]) {
      assert.throws(() => loadConfig({ ...env, PUBLIC_URL: bad }), /PUBLIC_URL/, bad);
    }
  });
});
