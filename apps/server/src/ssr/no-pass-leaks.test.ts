import assert from "node:assert/strict";
import type { AddressInfo } from "node:net";
import { after, before, describe, test } from "node:test";
import { modelProfilePath, photoUrl } from "@vitrine/contracts";
import type { AgeAssuranceConfig } from "../config";
import { agePassCookies } from "../test/age-pass";
import { verifierMode } from "../test/age-verifier";
import { buildModel, buildPhoto, buildProduct, CITIES, setSetting } from "../test/factories";
import type { TestContext } from "../test/helper";
import { useTestContext } from "../test/fixtures";
import { buildServerEntry, type ServerEntryBuild } from "../test/server-entry";

/**
 * Security finding S3 (issue 27): before the age check a visitor may learn the site's name, the city, the state and
 * the category, nothing of an advertiser. Every public page and every GET route of the server is fetched without a
 * pass, and none of her fields may appear in a body or a header; then with a pass the pages carry them (so the
 * search below can find them at all).
 */

const MANIFEST = {
  "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: ["src/start.tsx"] },
  "src/start.tsx": { file: "assets/start.js" },
};

/** A verifier nobody reaches: no check is ever completed here. */
const NO_VERIFIER = { issuer: "http://127.0.0.1:9/verificador", clientId: "vitrine", clientSecret: "segredo" };

/** Her fields, each one a text no page of the site would show otherwise. */
const HER = {
  name: "Zuleica Quimérica",
  username: "zuleicaquimerica",
  description: "Sou a Zuleica, texto singular com ornitorrinco dourado.",
  services: "Massagem pangolim exclusiva",
  rates: "Uma hora: R$ 777,77",
  age: 37,
};

let web: ServerEntryBuild;
before(async () => {
  web = await buildServerEntry(MANIFEST);
});
after(() => web.remove());

type Fixture = { id: number; photos: string[]; productId: number; profilePaths: string[] };

async function buildAdvertiser(ctx: TestContext): Promise<Fixture> {
  await setSetting(ctx.app, "site_name", "Vitrine Teste");
  const id = await buildModel(ctx.app, { ...HER, municipioId: CITIES.saoPaulo });
  const photos = [
    (await buildPhoto(ctx.app, id)).filename,
    (await buildPhoto(ctx.app, id, { isPrimary: false })).filename,
  ];
  const productId = await buildProduct(ctx.app, id, { name: "Ensaio tamanduá" });
  const canonical = modelProfilePath({ id, name: HER.name, city_slug: "sao-paulo-sp" });
  return { id, photos, productId, profilePaths: [canonical, `/modelo/${id}`, `/modelo/zuleica-${id}`, `/model/${id}`] };
}

/** What would tell her apart, as a pattern per field. */
function herPatterns(f: Fixture): [string, RegExp][] {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return [
    ["name", /Zuleica|Quim[ée]rica/i],
    ["username", new RegExp(HER.username)],
    ["description", /ornitorrinco/],
    ["services", /pangolim/],
    ["rates", new RegExp(escape("777,77"))],
    ["age", /37 anos|"age":\s*37\b/],
    ["product", /tamanduá/],
    ...f.photos.map((photo, i): [string, RegExp] => [`photo ${i}`, new RegExp(photo)]),
  ];
}

/** Every GET route of the server (Fastify's route tree), its parameters filled in for her. */
function getRoutes(ctx: TestContext, f: Fixture): string[] {
  const tree = ctx.app.printRoutes({ commonPrefix: false, method: "GET" });
  const paths: string[] = [];
  const stack: { depth: number; path: string }[] = [];
  for (const line of tree.split("\n")) {
    const match = /^([│\s]*)[├└]── (\S+)/.exec(line);
    if (!match) continue;
    const depth = match[1].length;
    while (stack.length && stack.at(-1)!.depth >= depth) stack.pop();
    const path = (stack.at(-1)?.path ?? "") + match[2];
    stack.push({ depth, path });
    paths.push(path);
  }
  const values: Record<string, string> = {
    id: String(f.id),
    modelId: String(f.id),
    slug: "sao-paulo-sp",
    productId: String(f.productId),
    name: photoUrl(f.photos[0], 800).split("/").at(-1)!,
    estado_id: "35",
    part: "1.xml",
  };
  return paths
    .filter((path) => path !== "*" && path !== "/api/models/events")
    .map((path) => path.replace(/:(\w+)/g, (_, key: string) => values[key] ?? "x"));
}

/** The public pages: home (also filtered), the city, each form of her profile, a page that does not exist. */
const pages = (f: Fixture) => [
  "/",
  "/?city=sao-paulo-sp",
  "/?search=acompanhante",
  "/cidade/sao-paulo-sp",
  ...f.profilePaths,
  "/pagina-que-nao-existe",
  "/denuncias",
  "/sitemap.xml",
  "/robots.txt",
];

function assertNothingOfHers(f: Fixture, what: string, body: string, headers: Record<string, unknown>) {
  const text = `${JSON.stringify(headers)}\n${body}`;
  for (const [field, pattern] of herPatterns(f)) assert.doesNotMatch(text, pattern, `${what}: her ${field}`);
}

/** The profile path a page was asked by repeats the address the visitor typed (the gate's return link). */
const withoutOwnAddress = (body: string, url: string) =>
  body.split(encodeURIComponent(url)).join("").split(url).join("");

async function eventStreamOpening(ctx: TestContext, cookie?: string): Promise<{ status: number; text: string }> {
  await ctx.app.listen({ port: 0, host: "127.0.0.1" });
  const base = `http://127.0.0.1:${(ctx.app.server.address() as AddressInfo).port}`;
  const controller = new AbortController();
  const res = await fetch(`${base}/api/models/events`, {
    headers: cookie ? { cookie } : {},
    signal: controller.signal,
  });
  let text = "";
  if (res.status === 200 && res.body) {
    const reader = res.body.getReader();
    // The opening: the retry line and the public data version event.
    while (!/event: version/.test(text)) {
      const { value, done } = await reader.read();
      if (done) break;
      text += new TextDecoder().decode(value);
    }
  } else text = await res.text();
  controller.abort();
  return { status: res.status, text };
}

const MODES: [string, AgeAssuranceConfig | undefined][] = [
  ["an age verifier", verifierMode(NO_VERIFIER)],
  ["self-declaration", undefined],
];

for (const [label, ageAssurance] of MODES) {
  describe(`nothing of an advertiser before the age check, with ${label}`, () => {
    const ctx = useTestContext(() => ({ webDistDir: web.distDir, ...(ageAssurance ? { ageAssurance } : {}) }));
    let f: Fixture;
    const verifier = ageAssurance !== undefined;
    before(async () => {
      f = await buildAdvertiser(ctx);
    });

    const get = (url: string, cookie?: string) =>
      ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });
    const passCookie = async () => (verifier ? agePassCookies(ctx.config.jwtSecret) : "age_ok=1");

    test("no public page carries her: not in the body, the head, the embedded data nor a header", async () => {
      for (const url of pages(f)) {
        const res = await get(url);
        assert.ok(res.statusCode < 500, `${url}: ${res.statusCode}`);
        assertNothingOfHers(f, url, withoutOwnAddress(res.body, url), res.headers);
        if (f.profilePaths.includes(url)) {
          assert.equal(res.statusCode, 200, url);
          // What the gate page may tell: the site, the city, the state and the category.
          assert.match(res.body, /<title>Acompanhante \([^)]+\) em São Paulo - SP \| Vitrine Teste<\/title>/, url);
          assert.match(res.body, /<meta name="robots" content="noindex" \/>/, url);
          assert.doesNotMatch(res.body, /rel="canonical"|og:url|og:image|rel="preload" as="image"/, url);
        }
      }
      // Nor a second time, from the page cache.
      for (const url of pages(f))
        assertNothingOfHers(f, `${url} (cached)`, withoutOwnAddress((await get(url)).body, url), {});
    });

    test("with the check passed, the same pages carry her (and the cache keeps the two apart)", async () => {
      const cookie = await passCookie();
      for (const url of [...f.profilePaths, "/cidade/sao-paulo-sp", "/"]) {
        const res = await get(url, cookie);
        assert.equal(res.statusCode, 200, url);
        assert.match(res.body, /Zuleica Quimérica/, url);
        assert.match(res.body, new RegExp(f.photos[0]), url);
        assertNothingOfHers(f, `${url} again without`, withoutOwnAddress((await get(url)).body, url), {});
      }
      const profile = await get(f.profilePaths[0], cookie);
      for (const pattern of [/pangolim/, /777,77/, /ornitorrinco/, /37 anos/]) assert.match(profile.body, pattern);
    });

    test("every GET route of the server, without a pass, answers nothing of hers", async () => {
      const routes = getRoutes(ctx, f);
      assert.ok(routes.includes(`/api/models/public/${f.id}`) && routes.includes("/api/models/public"));
      for (const url of [
        ...routes,
        `/api/models/public?search=Zuleica`,
        `/api/models/public?city_id=${CITIES.saoPaulo}`,
      ]) {
        const res = await get(url);
        assert.ok(res.statusCode < 500, `${url}: ${res.statusCode} ${res.body}`);
        const adult = /^\/api\/(models\/public|products)|^\/uploads\/photos/.test(url);
        if (verifier && adult) {
          assert.equal(res.statusCode, 403, url);
          assert.equal(res.json().code, "AGE_VERIFICATION_REQUIRED", url);
        }
        // With self-declaration the click-through gate is the browser's: the adult-content API answers as before
        // (decision 041), and only the pages are held back.
        if (!verifier && adult) continue;
        assertNothingOfHers(f, url, res.body, res.headers);
      }
      // The visitors' live stream carries model ids and event types only; with a verifier it needs the pass.
      const stream = await eventStreamOpening(ctx);
      if (verifier) assert.equal(stream.status, 403);
      else assert.match(stream.text, /event: version/);
      assertNothingOfHers(f, "/api/models/events", stream.text, {});
    });

    if (verifier) {
      test("with a pass the adult-content API answers her (the search above can find her)", async () => {
        const cookie = await passCookie();
        const profile = await get(`/api/models/public/${f.id}`, cookie);
        assert.equal(profile.statusCode, 200);
        for (const pattern of [/Zuleica/, /pangolim/, /777,77/, /ornitorrinco/, new RegExp(f.photos[1])]) {
          assert.match(profile.body, pattern);
        }
        assert.match((await get(`/api/products/${f.productId}`, cookie)).body, /tamanduá/);
      });
    }
  });
}
