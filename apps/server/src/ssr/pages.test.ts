import assert from "node:assert/strict";
import path from "node:path";
import { after, before, test } from "node:test";
import { brotliDecompressSync } from "node:zlib";
import { useTestContext } from "../test/fixtures";
import { buildServerEntry, type ServerEntryBuild } from "../test/server-entry";
import { buildModel, buildPhoto, setSetting, updateModel } from "../test/factories";

/** Vite's manifest for the test shell (SHELL_TEMPLATE): the entry imports the app's start, which the home page's chunk shares code with. */
const MANIFEST = {
  "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: ["src/start.tsx"] },
  "src/start.tsx": { file: "assets/start.js", imports: ["_vendor.js"] },
  "_vendor.js": { file: "assets/vendor.js" },
  "src/features/public/pages/home-page.tsx": { file: "assets/home-page.js", imports: ["_vendor.js", "_card.js"] },
  "_card.js": { file: "assets/card.js" },
};

let web: ServerEntryBuild;
let visibleId: number;
let hiddenId: number;

before(async () => {
  web = await buildServerEntry(MANIFEST);
});
const ctx = useTestContext(() => ({ webDistDir: web.distDir }));
before(async () => {
  await setSetting(ctx.app, "site_name", "Vitrine Teste");
  visibleId = await buildModel(ctx.app, { name: "Aurora Vitrine", description: "Olá, sou a Aurora." });
  await buildPhoto(ctx.app, visibleId);
  await buildPhoto(ctx.app, await buildModel(ctx.app, { name: "Bianca Vitrine" }));
  hiddenId = await buildModel(ctx.app, { name: "Clara Escondida" });
  await updateModel(ctx.app, hiddenId, { isActive: false });
});

after(() => web?.remove());

const get = (url: string, headers: Record<string, string> = {}) =>
  ctx.app.inject({ method: "GET", url, headers: { cookie: "age_ok=1", ...headers } });

test("a city page is rendered on the server with its heading, its models and their links", async () => {
  const res = await get("/cidade/sao-paulo-sp");
  assert.equal(res.statusCode, 200);
  assert.match(res.headers["content-type"] as string, /text\/html/);
  assert.match(res.body, /Aurora Vitrine/);
  assert.match(res.body, /Bianca Vitrine/);
  assert.doesNotMatch(res.body, /Clara Escondida/);
  assert.match(res.body, /<h1[^>]*>(<[^>]+>)*São Paulo - SP<\/span> <span[^>]*>Modelos Premium/);
  assert.equal(res.body.match(/<h1[\s>]/g)?.length, 1, "one h1");
  assert.match(res.body, new RegExp(`href="/cidade/sao-paulo-sp/aurora-vitrine/${visibleId}"`));
  assert.match(res.body, /<title>Acompanhantes em São Paulo - SP \| Vitrine Teste<\/title>/);
  assert.match(res.body, /<link rel="canonical" href="http:\/\/localhost(:\d+)?\/cidade\/sao-paulo-sp"/);
  assert.match(res.body, /<link rel="preload" as="image" fetchpriority="high"/);
  assert.match(res.body, /<script type="application\/json" id="ssr-state">/);
  assert.doesNotMatch(res.body, /<script>/, "no inline executable script");
  assert.doesNotMatch(res.body, /Conteúdo adulto/, "no gate for a visitor who accepted it");
  assert.match(String(res.headers.vary), /Cookie/);
});

test("the stylesheet comes first; the only script comes after the page's tags, at a low priority, with the files it needs", async () => {
  const res = await get("/cidade/sao-paulo-sp");
  const head = res.body.slice(0, res.body.indexOf("</head>"));
  const stylesheet = head.indexOf('<link rel="stylesheet"');
  assert.ok(stylesheet > 0 && stylesheet < head.indexOf("<title>"), "stylesheet before the page's tags");
  const scripts = res.body.match(/<script type="module"[^>]*>/g) ?? [];
  assert.deepEqual(scripts, [
    '<script type="module" fetchpriority="low" crossorigin src="/assets/index.js" ' +
      'data-modules="/assets/start.js /assets/vendor.js /assets/home-page.js /assets/card.js">',
  ]);
  assert.ok(head.indexOf(scripts[0]!) > head.indexOf('<link rel="preload" as="image"'), "the LCP image first");
  assert.doesNotMatch(res.body, /modulepreload/, "no script fetched before the page is painted");
  // The 404 page has no screen module of its own: the app's files only.
  const missing = await get("/nao-existe");
  assert.match(missing.body, /data-modules="\/assets\/start.js \/assets\/vendor.js"/);
});

test("a private page's shell lists the app's files, its script at the usual priority", async () => {
  const res = await get("/dashboard");
  assert.match(
    res.body,
    /<script type="module" crossorigin src="\/assets\/index.js" data-modules="\/assets\/start.js \/assets\/vendor.js"><\/script>/,
  );
});

test("a new visitor gets the age gate in the server HTML", async () => {
  const res = await ctx.app.inject({ method: "GET", url: "/cidade/sao-paulo-sp" });
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /Conteúdo adulto \(\+18\)/);
  assert.match(res.body, /Entrar no site/);
});

test("the cached page answers 304 to its ETag and is compressed", async () => {
  const first = await get("/cidade/sao-paulo-sp", { "accept-encoding": "br" });
  assert.equal(first.headers["content-encoding"], "br");
  assert.match(brotliDecompressSync(first.rawPayload).toString(), /Aurora Vitrine/);
  const etag = first.headers.etag as string;
  assert.ok(etag);
  const again = await get("/cidade/sao-paulo-sp", { "if-none-match": etag });
  assert.equal(again.statusCode, 304);
});

test("the three profile forms render the profile with the canonical city form", async () => {
  for (const url of [
    `/cidade/sao-paulo-sp/aurora-vitrine/${visibleId}`,
    `/modelo/aurora-${visibleId}`,
    `/model/${visibleId}`,
  ]) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.match(res.body, /Aurora Vitrine/);
    assert.match(res.body, new RegExp(`rel="canonical" href="[^"]*/cidade/sao-paulo-sp/aurora-vitrine/${visibleId}"`));
    assert.match(res.body, /<title>Aurora Vitrine, 25 anos/);
  }
});

test("hidden or unknown models, unknown cities and paths answer 404 with noindex; a bad id 400", async () => {
  for (const url of [
    `/model/${hiddenId}`,
    "/model/999999",
    "/cidade/nao-existe-xx",
    "/qualquer/coisa",
    "//outro.site",
  ]) {
    const res = await get(url);
    assert.equal(res.statusCode, 404, url);
    assert.match(res.body, /name="robots" content="noindex"/, url);
  }
  assert.match((await get(`/model/${hiddenId}`)).body, /Modelo não encontrada/);
  assert.match((await get("/qualquer/coisa")).body, /Página não encontrada/);
  const bad = await get("/model/abc");
  assert.equal(bad.statusCode, 400);
  assert.match(bad.body, /ID inválido/);
});

test("HEAD works wherever GET does, with the same status", async () => {
  for (const [url, status] of [
    ["/", 200],
    ["/cidade/sao-paulo-sp", 200],
    [`/model/${visibleId}`, 200],
    ["/qualquer/coisa", 404],
    ["/dashboard", 200],
  ] as const) {
    const res = await ctx.app.inject({ method: "HEAD", url });
    assert.equal(res.statusCode, status, url);
    assert.equal(res.body, "", url);
  }
});

test("private pages get the client-rendered shell with noindex", async () => {
  for (const url of ["/dashboard", "/admin/models", "/checkout/1", "/payment/success", "/model/login"]) {
    const res = await get(url);
    assert.equal(res.statusCode, 200, url);
    assert.match(res.body, /<div id="root"><\/div>/, url);
    assert.match(res.body, /name="robots" content="noindex"/, url);
  }
});

test("X-Cache says whether the page was a stored entry (hit) or rendered for this request (miss)", async () => {
  const url = "/cidade/sao-paulo-sp?search=Aurora";
  assert.equal((await get(url)).headers["x-cache"], "miss");
  assert.equal((await get(url)).headers["x-cache"], "hit");
  await updateModel(ctx.app, visibleId, { description: "Olá, sou a Aurora, de novo." });
  try {
    assert.equal((await get(url)).headers["x-cache"], "miss", "a public change makes the page render again");
    assert.equal((await get(url)).headers["x-cache"], "hit");
  } finally {
    await updateModel(ctx.app, visibleId, { description: "Olá, sou a Aurora." });
  }
  assert.equal((await get("/cidade/nao-existe-xx")).headers["x-cache"], "miss", "a 404 is rendered each time");
});

test("a filtered page renders its filters in the form, is not indexed, and its canonical is the plain page", async () => {
  const tidy = "/cidade/sao-paulo-sp?idade_max=60&ordem=menor_preco";
  const res = await get(tidy);
  assert.equal(res.statusCode, 200);
  assert.match(res.body, /Aurora Vitrine/);
  assert.match(res.body, /<link rel="canonical" href="http:\/\/localhost(:\d+)?\/cidade\/sao-paulo-sp"/);
  assert.match(res.body, /name="robots" content="noindex"/);
  const form = res.body.match(/<form id="filtros"[^>]*>/)?.[0] ?? "";
  assert.match(form, /action="\/cidade\/sao-paulo-sp"/);
  assert.match(form, /method="get"/);
  assert.match(res.body, /<option value="menor_preco" selected="">/);
  assert.match(res.body, /name="idade_max"[^>]*value="60"/);
  // A form sent without JavaScript sends every field, the empty ones too: the same page, the same cache entry.
  const sent = "/cidade/sao-paulo-sp?categoria=&idade_min=&idade_max=60&bairro=+&ordem=menor_preco&outro=1";
  assert.equal((await get(sent)).headers["x-cache"], "hit");
  // Filters that leave no one: the page says so, and is still the city's.
  const none = await get("/cidade/sao-paulo-sp?idade_min=99");
  assert.doesNotMatch(none.body, /Aurora Vitrine/);
  assert.match(none.body, /Nenhuma modelo encontrada/);
  // An invalid value is left out and named.
  const invalid = await get("/cidade/sao-paulo-sp?ordem=aleatoria");
  assert.equal(invalid.statusCode, 200);
  assert.match(invalid.body, /Ordem inválida/);
  assert.match(invalid.body, /Aurora Vitrine/);
});

test("a changed setting shows on the next page at once, cached pages included (settings move the data version)", async () => {
  const url = "/cidade/sao-paulo-sp";
  assert.match((await get(url)).body, /<title>[^<]*\| Vitrine Teste<\/title>/);
  await setSetting(ctx.app, "site_name", "Vitrine Renomeada");
  try {
    const res = await get(url);
    assert.match(res.body, /<title>Acompanhantes em São Paulo - SP \| Vitrine Renomeada<\/title>/);
    assert.match(res.body, /"site_name":"Vitrine Renomeada"/, "the state carries the new settings too");
  } finally {
    await setSetting(ctx.app, "site_name", "Vitrine Teste");
  }
});

test("canonical, og:url and og:image never come from the request's Host or X-Forwarded-Host", async () => {
  const url = `/cidade/sao-paulo-sp/aurora-vitrine/${visibleId}`;
  const evil = { host: "evil.example", "x-forwarded-host": "evil.example" };
  // No origin configured (development): the request's host is used, but the page built for it stays its own.
  assert.match((await get(url, evil)).body, /rel="canonical" href="http:\/\/evil\.example\//);
  const other = await get(url, { host: "vitrine.local" });
  assert.doesNotMatch(other.body, /evil\.example/, "another visitor's page never names the first one's host");
  assert.match(other.body, /rel="canonical" href="http:\/\/vitrine\.local\//);
  await setSetting(ctx.app, "site_url", "https://vitrine.example");
  try {
    const res = await get(url, evil);
    assert.doesNotMatch(res.body, /evil\.example/);
    assert.match(
      res.body,
      new RegExp(`rel="canonical" href="https://vitrine\\.example/cidade/sao-paulo-sp/aurora-vitrine/${visibleId}"`),
    );
    assert.match(res.body, /property="og:url" content="https:\/\/vitrine\.example\//);
    assert.match(res.body, /property="og:image" content="https:\/\/vitrine\.example\//);
  } finally {
    await setSetting(ctx.app, "site_url", "");
  }
});

test("a profile page counts the visitor's view once per day, rendered or from the cache; HEAD counts nothing", async () => {
  const { models } = await import("../db/schema");
  const { eq } = await import("drizzle-orm");
  const views = async () =>
    (await ctx.app.db.select({ v: models.viewsCount }).from(models).where(eq(models.id, visibleId)))[0].v;
  const visit = (remoteAddress: string) =>
    ctx.app.inject({ method: "GET", url: `/model/${visibleId}`, remoteAddress, headers: { cookie: "age_ok=1" } });
  const before = await views();
  const first = await visit("203.0.113.7");
  assert.equal(first.statusCode, 200);
  assert.equal(await views(), before + 1);
  await visit("203.0.113.7");
  assert.equal(await views(), before + 1, "the same visitor again: not counted");
  const other = await visit("203.0.113.8");
  assert.equal(other.statusCode, 200);
  assert.equal(await views(), before + 2, "another visitor, whatever the HTML cache holds");
  const head = await ctx.app.inject({ method: "HEAD", url: `/model/${visibleId}`, remoteAddress: "203.0.113.9" });
  assert.equal(head.statusCode, 200);
  assert.equal(await views(), before + 2, "HEAD counts nothing");
});

test("every page of the web app's route table answers from the server with its status and headers", async () => {
  const { pathToFileURL } = await import("node:url");
  const entry = (await import(pathToFileURL(path.join(web.dir, "dist-ssr", "entry-server.js")).href)) as {
    pageRoutes: { path: string; serverRendered: boolean }[];
  };
  // A value for each parameter of the table's patterns that names something that exists.
  const values: Record<string, string> = {
    slug: "sao-paulo-sp",
    citySlug: "sao-paulo-sp",
    modelSlug: "aurora-vitrine",
  };
  const urlOf = (pattern: string) =>
    pattern.replace(/:(\w+)/g, (_, name: string) => (name === "id" ? String(visibleId) : (values[name] ?? "1")));
  const serverRendered = entry.pageRoutes.filter((r) => r.serverRendered).map((r) => r.path);
  assert.ok(serverRendered.includes("/") && serverRendered.includes("/model/:id"), "the public pages are in the table");
  assert.ok(
    entry.pageRoutes.some((r) => r.path === "/dashboard" && !r.serverRendered),
    "private pages too",
  );
  for (const { path: pattern, serverRendered: rendered } of entry.pageRoutes) {
    const url = urlOf(pattern);
    const res = await get(url, { "accept-encoding": "br" });
    assert.equal(res.statusCode, 200, url);
    assert.match(res.headers["content-type"] as string, /text\/html/, url);
    const cacheControl = String(res.headers["cache-control"]);
    if (rendered) {
      assert.equal(String(res.headers.vary), "Accept-Encoding, Cookie", url);
      assert.ok(res.headers.etag, url);
      assert.match(cacheControl, /^public/, url);
      assert.doesNotMatch(brotliDecompressSync(res.rawPayload).toString(), /<div id="root"><\/div>/, url);
    } else {
      assert.match(cacheControl, /private|no-store/, url);
      assert.doesNotMatch(cacheControl, /public/, url);
      assert.equal(res.headers.etag, undefined, url);
      const body = res.headers["content-encoding"] ? brotliDecompressSync(res.rawPayload).toString() : res.body;
      assert.match(body, /<div id="root"><\/div>/, `${url}: the shell, rendered by the browser`);
      assert.match(body, /name="robots" content="noindex"/, url);
    }
  }
  const unknown = await get("/nao-existe/de-jeito-nenhum");
  assert.equal(unknown.statusCode, 404);
  assert.match(unknown.body, /Página não encontrada/);
});

test("robots.txt keeps crawlers off every page of the route table the server does not render, and off none it renders", async () => {
  const { pathToFileURL } = await import("node:url");
  const entry = (await import(pathToFileURL(path.join(web.dir, "dist-ssr", "entry-server.js")).href)) as {
    pageRoutes: { path: string; serverRendered: boolean }[];
  };
  const robots = await get("/robots.txt");
  assert.equal(robots.statusCode, 200);
  // RFC 9309 matching: a rule is a prefix of the path, "*" any run of characters, a final "$" the path's end.
  const rules = [...robots.body.matchAll(/^Disallow: (.+)$/gm)].map(([, rule]) => {
    const exact = rule!.endsWith("$");
    const parts = (exact ? rule!.slice(0, -1) : rule!).split("*");
    const body = parts.map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")).join(".*");
    return new RegExp(`^${body}${exact ? "$" : ""}`);
  });
  const disallowed = (url: string) => rules.some((rule) => rule.test(url));
  // Each page's address with its parameters filled in: an id, a name with an id, a word a static route uses.
  const urlsOf = (pattern: string) => ["12", "login-12", "login"].map((value) => pattern.replace(/:\w+/g, value));
  assert.ok(entry.pageRoutes.some((r) => !r.serverRendered) && entry.pageRoutes.some((r) => r.serverRendered));
  for (const { path: pattern, serverRendered: rendered } of entry.pageRoutes) {
    for (const url of urlsOf(pattern)) {
      // With a parameter reading "login", a public pattern's address may be a private page's ("/model/login").
      const servedBy = entry.pageRoutes.find((r) => r.path === url) ?? { serverRendered: rendered };
      assert.equal(disallowed(url), !servedBy.serverRendered, `${url} (${pattern})`);
    }
  }
  assert.equal(disallowed("/api/models"), true);
  assert.equal(disallowed("/uploads/1/foto.webp"), false);
});
