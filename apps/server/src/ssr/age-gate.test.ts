import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { AGE_CHECK_CANCELLED_MESSAGE, AGE_CHECK_FAILED_MESSAGE, AGE_REFUSED_MESSAGE } from "@vitrine/contracts";
import { AGE_RESTRICTED_CACHE_CONTROL } from "../plugins/http-cache";
import { agePassCookies } from "../test/age-pass";
import { verifierMode } from "../test/age-verifier";
import { buildModel, buildPhoto, setSetting } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import { buildServerEntry, type ServerEntryBuild } from "../test/server-entry";

const MANIFEST = {
  "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: ["src/start.tsx"] },
  "src/start.tsx": { file: "assets/start.js" },
  "src/features/public/pages/home-page.tsx": { file: "assets/home-page.js" },
  "src/features/public/pages/model-profile-page.tsx": { file: "assets/model-profile-page.js" },
};

/** A verifier nobody reaches: these pages never start a check. */
const NO_VERIFIER = { issuer: "http://127.0.0.1:9/verificador", clientId: "vitrine", clientSecret: "segredo" };

let web: ServerEntryBuild;

before(async () => {
  web = await buildServerEntry(MANIFEST);
});

after(() => web.remove());

/** The markup of #root and the server's state, apart from the head. */
function pageParts(html: string) {
  const root = /<div id="root">([\s\S]*)<script type="application\/json" id="ssr-state">/.exec(html)?.[1] ?? "";
  const state = JSON.parse(/id="ssr-state">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? "null") as {
    queries: { queries: unknown[] };
    ageAccepted: boolean;
    ageMode: string;
    verifierName: string | null;
  };
  const head = /<head>([\s\S]*?)<\/head>/.exec(html)?.[1] ?? "";
  return { root, state, head };
}

describe("server-rendered pages with an age verifier", () => {
  const ctx = useTestContext(() => ({ webDistDir: web.distDir, ageAssurance: verifierMode(NO_VERIFIER) }));
  let modelId: number;
  let photo: string;
  before(async () => {
    await setSetting(ctx.app, "site_name", "Vitrine Teste");
    modelId = await buildModel(ctx.app, {
      name: "Aurora Vitrine",
      description: "Olá, sou a Aurora.",
      whatsapp: "11987654321",
    });
    photo = (await buildPhoto(ctx.app, modelId)).filename;
  });

  const get = (url: string, cookie?: string) =>
    ctx.app.inject({ method: "GET", url, headers: cookie ? { cookie } : {} });

  /** The gate page: the route's head, the gate (its start link unless `startLink` is false), nothing of the models. */
  function assertGatePage(html: string, url: string, { startLink = true } = {}) {
    const { root, state, head } = pageParts(html);
    assert.match(root, /role="dialog"/, url);
    assert.match(root, /Conteúdo adulto \(\+18\)/, url);
    assert.match(root, /Verificador de teste/, url);
    const next = encodeURIComponent(url.split("?")[0]);
    if (startLink) {
      assert.match(
        root,
        new RegExp(
          `<a href="/api/age/start\\?next=${next}"[^>]*>(Verificar minha idade|Tentar novamente|Começar de novo)</a>`,
        ),
        url,
      );
    } else {
      assert.doesNotMatch(root, /\/api\/age\/start/, url);
    }
    assert.match(root, /Ler Termos de Uso/, url);
    assert.match(root, /destinados exclusivamente a maiores de 18 anos/, url);
    assert.doesNotMatch(root, /Aurora/, url);
    assert.doesNotMatch(html, new RegExp(photo), url);
    assert.doesNotMatch(html, /\/uploads\/photos\//, url);
    assert.doesNotMatch(html, /wa\.me|987654321/, url);
    assert.doesNotMatch(head, /og:image|rel="preload" as="image"/, url);
    assert.deepEqual(state.queries.queries, [], `${url}: no query data`);
    assert.equal(state.ageMode, "verifier");
    assert.equal(state.ageAccepted, false);
    assert.equal(state.verifierName, "Verificador de teste");
    // Only the app's files, not the screen the gate stands in for.
    assert.doesNotMatch(html, /home-page\.js|model-profile-page\.js/, url);
  }

  test("without a pass, home, city and profile are the gate page, its head without anything of hers", async () => {
    const city = await get("/cidade/sao-paulo-sp");
    assert.equal(city.statusCode, 200);
    assertGatePage(city.body, "/cidade/sao-paulo-sp");
    assert.match(city.body, /<title>Acompanhantes em São Paulo - SP \| Vitrine Teste<\/title>/);
    assert.match(city.body, /<link rel="canonical" href="http:\/\/localhost(:\d+)?\/cidade\/sao-paulo-sp"/);
    assert.match(city.body, /<meta name="description" content="Anúncios de acompanhantes em São Paulo - SP/);
    assert.equal(city.headers["cache-control"], AGE_RESTRICTED_CACHE_CONTROL);
    assert.match(String(city.headers.vary), /\bCookie\b/);

    const home = await get("/");
    assert.equal(home.statusCode, 200);
    assertGatePage(home.body, "/");
    assert.match(home.body, /<link rel="canonical" href="http:\/\/localhost(:\d+)?\/"/);

    for (const url of [`/modelo/${modelId}`, `/cidade/sao-paulo-sp/aurora-vitrine/${modelId}`]) {
      const profile = await get(url);
      assert.equal(profile.statusCode, 200, url);
      assertGatePage(profile.body, url);
      // The head names the site, the city, the state and the category, nothing of hers (no canonical: it names
      // her), and is not indexed.
      assert.match(profile.body, /<title>Acompanhante \([^)]+\) em São Paulo - SP \| Vitrine Teste<\/title>/, url);
      assert.doesNotMatch(profile.body, /rel="canonical"|og:url|25 anos/, url);
      assert.match(profile.body, /<meta name="robots" content="noindex" \/>/, url);
    }
    // An unknown profile is still a 404 behind the gate.
    assert.equal((await get("/modelo/999999")).statusCode, 404);
  });

  test("the self-declared gate's cookie means nothing", async () => {
    const res = await get("/cidade/sao-paulo-sp", "age_ok=1");
    assertGatePage(res.body, "/cidade/sao-paulo-sp");
  });

  test("with a pass, the pages carry the models; without one again, the gate (the cache keeps them apart)", async () => {
    const cookie = await agePassCookies(ctx.config.jwtSecret);
    for (const url of ["/cidade/sao-paulo-sp", "/", `/modelo/${modelId}`]) {
      const open = await get(url, cookie);
      assert.equal(open.statusCode, 200, url);
      const { root, state } = pageParts(open.body);
      assert.match(root, /Aurora Vitrine/, url);
      assert.match(open.body, new RegExp(photo), url);
      assert.doesNotMatch(root, /Conteúdo adulto/, url);
      assert.equal(state.ageAccepted, true, url);
      assert.ok(state.queries.queries.length > 0, url);
      assert.equal(open.headers["cache-control"], AGE_RESTRICTED_CACHE_CONTROL, url);
      assertGatePage((await get(url)).body, url);
    }
    const profile = await get(`/modelo/${modelId}`, cookie);
    assert.match(profile.body, /wa\.me\/5511987654321/);
  });

  test("the verifier's answer is told on the gate page: a new try after a failure, none for a minor", async () => {
    const refused = await get("/cidade/sao-paulo-sp?idade=menor");
    assertGatePage(refused.body, "/cidade/sao-paulo-sp", { startLink: false });
    assert.match(refused.body, new RegExp(`<p role="alert"[^>]*>${AGE_REFUSED_MESSAGE}</p>`));
    const failed = await get("/cidade/sao-paulo-sp?idade=falhou");
    assert.match(failed.body, new RegExp(`<p role="alert"[^>]*>${AGE_CHECK_FAILED_MESSAGE}</p>`));
    assert.match(failed.body, /<a href="\/api\/age\/start\?next=%2Fcidade%2Fsao-paulo-sp"[^>]*>Tentar novamente<\/a>/);
    // A cancelled check is no failure: it says so, without an alert, and offers to start again.
    const cancelled = await get("/?idade=cancelada");
    assert.match(cancelled.body, new RegExp(`<p role="status"[^>]*>${AGE_CHECK_CANCELLED_MESSAGE}</p>`));
    assert.doesNotMatch(cancelled.body, /role="alert"/);
    assert.match(cancelled.body, /<a href="\/api\/age\/start\?next=%2F"[^>]*>Começar de novo<\/a>/);
    // Any other value, or a visitor with a pass, shows no message.
    assert.doesNotMatch((await get("/?idade=outra")).body, /role="alert"/);
    assert.doesNotMatch((await get("/?idade=menor", await agePassCookies(ctx.config.jwtSecret))).body, /role="alert"/);
  });

  test("the shell of the pages the browser renders tells the mode", async () => {
    const login = await get("/login");
    assert.equal(login.statusCode, 200);
    assert.match(login.body, /<meta name="age-assurance" content="verifier" \/>/);
  });
});

describe("server-rendered pages with self-declaration", () => {
  const ctx = useTestContext(() => ({ webDistDir: web.distDir }));
  before(async () => {
    const id = await buildModel(ctx.app, { name: "Bianca Vitrine" });
    await buildPhoto(ctx.app, id);
  });

  test("without age_ok the gate stands instead of the page, nothing of the models; age_ok opens it", async () => {
    const closed = await ctx.app.inject({ method: "GET", url: "/cidade/sao-paulo-sp" });
    const gate = pageParts(closed.body);
    assert.match(gate.root, /Entrar no site/);
    assert.doesNotMatch(closed.body, /Bianca/);
    assert.doesNotMatch(closed.body, /\/uploads\/photos\//);
    assert.deepEqual(gate.state.queries.queries, []);
    assert.equal(gate.state.ageMode, "self-declaration");
    assert.doesNotMatch(closed.body, /Verificar minha idade/);
    assert.match(String(closed.headers["cache-control"]), /^public/);
    const open = await ctx.app.inject({ method: "GET", url: "/cidade/sao-paulo-sp", headers: { cookie: "age_ok=1" } });
    assert.doesNotMatch(pageParts(open.body).root, /Entrar no site/);
    assert.match(pageParts(open.body).root, /Bianca Vitrine/);
    assert.match((await ctx.app.inject({ method: "GET", url: "/login" })).body, /content="self-declaration"/);
  });
});
