import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { buildApp } from "../app";
import { openDatabase } from "../db/client";
import { useTestContext } from "../test/fixtures";
import { buildServerEntry, type ServerEntryBuild } from "../test/server-entry";
import { buildModel, buildPhoto, setSetting, updateModel } from "../test/factories";

/** Routes and server-rendered pages drop what a change touches, and only that (decision 050). */

const MANIFEST = {
  "index.html": { file: "assets/index.js", isEntry: true, dynamicImports: ["src/start.tsx"] },
  "src/start.tsx": { file: "assets/start.js" },
};

// Three cities: X starts in A, Y lives in B, C has nobody at first.
const A = { id: 2800308, slug: "aracaju-se" };
const B = { id: 1100205, slug: "porto-velho-ro" };
const C = { id: 2704302, slug: "maceio-al" };

let web: ServerEntryBuild;
let x: number;
let y: number;
/** Keys of the public cache computed since the last `computed()` call. */
let misses: string[] = [];

before(async () => {
  web = await buildServerEntry(MANIFEST);
});
const ctx = useTestContext(() => ({ webDistDir: web.distDir }));
before(async () => {
  x = await buildModel(ctx.app, { name: "Xênia Alfa", description: "Texto da Xênia.", municipioId: A.id });
  await buildPhoto(ctx.app, x);
  y = await buildModel(ctx.app, { name: "Yara Beta", description: "Texto da Yara.", municipioId: B.id });
  await buildPhoto(ctx.app, y);
  const cache = ctx.app.publicCache;
  const get = cache.get.bind(cache);
  cache.get = (key, compute, options) =>
    get(
      key,
      () => {
        misses.push(key);
        return compute();
      },
      options,
    );
});

after(() => web?.remove());

function computed(): string[] {
  const keys = misses;
  misses = [];
  return keys;
}

const page = (url: string) => ctx.app.inject({ method: "GET", url, headers: { cookie: "age_ok=1" } });
const api = (url: string) => ctx.app.inject({ method: "GET", url });
const profilePath = (id: number, name: string, city: string) =>
  `/cidade/${city}/${name
    .toLowerCase()
    .normalize("NFD")
    .replace(/[^a-z ]/g, "")
    .replace(/ /g, "-")}/${id}`;

/** Every page and list a visitor could be reading, requested once (their cache state is what a test checks). */
async function readAll(xCity: string) {
  return {
    home: await page("/"),
    cityA: await page(`/cidade/${A.slug}`),
    cityB: await page(`/cidade/${B.slug}`),
    cityC: await page(`/cidade/${C.slug}`),
    profileX: await page(profilePath(x, "Xênia Alfa", xCity)),
    profileY: await page(profilePath(y, "Yara Beta", B.slug)),
    listing: await api("/api/models/public"),
    listingB: await api(`/api/models/public?city_id=${B.id}`),
    search: await api("/api/models/public?search=alfa"),
    profileApiX: await api(`/api/models/public/${x}`),
    cities: await api("/api/cities"),
  };
}

const cacheStates = (pages: Awaited<ReturnType<typeof readAll>>) =>
  Object.fromEntries(
    Object.entries(pages)
      .filter(([, res]) => res.headers["x-cache"] !== undefined)
      .map(([name, res]) => [name, res.headers["x-cache"]]),
  );

const countOf = (cities: { json(): { cities: { id: number; models_count: number }[] } }, id: number) =>
  cities.json().cities.find((c) => c.id === id)?.models_count ?? 0;

describe("invalidation that follows the data", () => {
  test("the first read renders every page; the second is all hits", async () => {
    const first = await readAll(A.slug);
    for (const [name, res] of Object.entries(first)) assert.equal(res.statusCode, 200, `${name}: ${res.body}`);
    assert.match(first.cityA.body, /Xênia Alfa/);
    assert.match(first.cityB.body, /Yara Beta/);
    computed();
    const second = await readAll(A.slug);
    assert.deepEqual(computed(), [], "nothing is computed again");
    assert.ok(
      Object.values(cacheStates(second)).every((state) => state === "hit"),
      JSON.stringify(cacheStates(second)),
    );
  });

  test("a profile-only field (rates) touches her profile alone", async () => {
    await readAll(A.slug);
    computed();
    await updateModel(ctx.app, x, { rates: "R$ 300 a hora" });
    const pages = await readAll(A.slug);
    assert.deepEqual(cacheStates(pages), {
      home: "hit",
      cityA: "hit",
      cityB: "hit",
      cityC: "hit",
      profileX: "miss",
      profileY: "hit",
    });
    assert.match(pages.profileX.body, /R\$ 300 a hora/);
    assert.deepEqual(
      computed()
        .map((key) => key.replace(/\|http:\/\/[^|]+$/, ""))
        .sort(),
      [`html|1|${profilePath(x, "Xênia Alfa", A.slug)}`, `profile|${x}`].sort(),
    );
  });

  test("her profile text touches her profile and the lists showing her card, not another city's page", async () => {
    await readAll(A.slug);
    computed();
    await updateModel(ctx.app, x, { description: "Texto novo da Xênia." });
    const pages = await readAll(A.slug);
    const states = cacheStates(pages);
    assert.equal(states.cityB, "hit", "city B does not show her");
    assert.equal(states.cityC, "hit");
    assert.equal(states.profileY, "hit");
    assert.equal(states.profileX, "miss");
    assert.equal(states.cityA, "miss", "city A shows her card");
    assert.equal(states.home, "miss", "home shows her card");
    const keys = computed();
    assert.deepEqual(
      keys.filter((key) => key.includes(`|${B.id}`) || key.includes(B.slug)),
      [],
      "city B's lists and page stay cached",
    );
    assert.ok(!keys.includes("city-counts"), "the counts stay cached");
    assert.ok(keys.includes(`profile|${x}`));
    assert.match(pages.profileApiX.body, /Texto novo da Xênia/);
    assert.match(pages.cityA.body, /Texto novo da Xênia/);
  });

  test("a change of city touches both cities' pages and the counts, not a third city", async () => {
    await readAll(A.slug);
    computed();
    await updateModel(ctx.app, x, { municipioId: C.id, estadoId: 27 });
    const pages = await readAll(C.slug);
    const states = cacheStates(pages);
    assert.equal(states.cityA, "miss");
    assert.equal(states.cityC, "miss");
    assert.equal(states.cityB, "hit", "a city she never was in stays cached");
    assert.equal(states.profileY, "hit");
    assert.doesNotMatch(pages.cityA.body, /Xênia Alfa/);
    assert.match(pages.cityC.body, /Xênia Alfa/);
    assert.equal(countOf(pages.cities, A.id), 0);
    assert.equal(countOf(pages.cities, C.id), 1);
    assert.equal(countOf(pages.cities, B.id), 1);
    await updateModel(ctx.app, x, { municipioId: A.id, estadoId: 28 });
  });

  test("hiding her removes her from home, city, listing, search and profile at the next request", async () => {
    const before = await readAll(A.slug);
    assert.match(before.home.body, /Xênia Alfa/);
    assert.match(before.search.body, /Xênia Alfa/);
    await updateModel(ctx.app, x, { isActive: false });
    try {
      const pages = await readAll(A.slug);
      assert.doesNotMatch(pages.home.body, /Xênia Alfa/);
      assert.doesNotMatch(pages.cityA.body, /Xênia Alfa/);
      assert.doesNotMatch(pages.listing.body, /Xênia Alfa/);
      assert.doesNotMatch(pages.search.body, /Xênia Alfa/);
      assert.equal(pages.profileX.statusCode, 404);
      assert.equal(pages.profileApiX.statusCode, 404);
      assert.equal(countOf(pages.cities, A.id), 0);
      assert.equal(cacheStates(pages).cityB, "hit", "another city's page stays cached");
    } finally {
      await updateModel(ctx.app, x, { isActive: true });
    }
    const back = await readAll(A.slug);
    assert.equal(back.profileX.statusCode, 200, "visible again: found again");
    assert.match(back.cityA.body, /Xênia Alfa/);
  });

  test("her main photo touches her card; another public photo only her profile", async () => {
    await readAll(A.slug);
    computed();
    await buildPhoto(ctx.app, x, { isPrimary: false });
    let states = cacheStates(await readAll(A.slug));
    assert.equal(states.cityA, "hit");
    assert.equal(states.profileX, "miss");
    await ctx.app.db.execute(sql`update photos set is_primary = false where model_id = ${x} and is_primary`);
    states = cacheStates(await readAll(A.slug));
    assert.equal(states.cityA, "miss");
    assert.equal(states.cityB, "hit");
  });

  test("a setting touches everything", async () => {
    await readAll(A.slug);
    await setSetting(ctx.app, "site_name", "Outra Vitrine");
    const states = cacheStates(await readAll(A.slug));
    assert.ok(
      Object.values(states).every((state) => state === "miss"),
      JSON.stringify(states),
    );
  });
});

describe("two server instances on one PostgreSQL", { skip: !process.env.TEST_DATABASE_URL }, () => {
  let second: FastifyInstance;
  let closeSecond: () => Promise<void>;

  async function startSecond(maxStalenessMs: number) {
    const [row] = (await ctx.app.db.execute<{ name: string }>(sql`select current_database() as name`)) as unknown as {
      name: string;
    }[];
    const url = new URL(process.env.TEST_DATABASE_URL as string);
    url.pathname = `/${row.name}`;
    const database = openDatabase({ databaseUrl: url.toString(), dataDir: null, poolSize: 2 });
    const app = await buildApp({
      config: { ...ctx.config, webDistDir: web.distDir, publicCacheMaxStalenessMs: maxStalenessMs },
      database,
      logger: false,
    });
    await app.ready();
    return {
      app,
      close: async () => {
        await app.close();
        await database.close();
      },
    };
  }

  after(async () => closeSecond?.());

  const onSecond = (url: string) => second.inject({ method: "GET", url, headers: { cookie: "age_ok=1" } });

  test("an edit through A is seen by B at its next request (no staleness window)", async () => {
    ({ app: second, close: closeSecond } = await startSecond(0));
    assert.match((await onSecond(`/cidade/${B.slug}`)).body, /Yara Beta/);
    assert.equal((await onSecond(`/cidade/${B.slug}`)).headers["x-cache"], "hit");
    await updateModel(ctx.app, y, { name: "Yara Renomeada" });
    const res = await onSecond(`/cidade/${B.slug}`);
    assert.equal(res.headers["x-cache"], "miss");
    assert.match(res.body, /Yara Renomeada/);
    await updateModel(ctx.app, y, { isActive: false });
    assert.equal((await onSecond(profilePath(y, "Yara Renomeada", B.slug))).statusCode, 404);
    await updateModel(ctx.app, y, { isActive: true, name: "Yara Beta" });
    await closeSecond();
  });

  test("with a 250 ms window, B stops showing a model hidden through A within 2 s", async () => {
    ({ app: second, close: closeSecond } = await startSecond(250));
    assert.match((await onSecond(`/cidade/${B.slug}`)).body, /Yara Beta/);
    const editedAt = Date.now();
    await updateModel(ctx.app, y, { isActive: false });
    let seenAfter = -1;
    while (Date.now() - editedAt < 2000) {
      if (!/Yara Beta/.test((await onSecond(`/cidade/${B.slug}`)).body)) {
        seenAfter = Date.now() - editedAt;
        break;
      }
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    assert.ok(seenAfter >= 0, "hidden on B within 2 s");
    await updateModel(ctx.app, y, { isActive: true });
  });
});
