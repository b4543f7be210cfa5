import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eq, sql } from "drizzle-orm";
import { models, publicChanges, publicDataVersion } from "../db/schema";
import { createTestContext } from "../test/helper";
import { useTestContext } from "../test/fixtures";
import { buildModel, buildPhoto, setSetting, updateModel } from "../test/factories";
import { createPublicCache, prunePublicChanges } from "./public-cache";
import { recordEvents } from "../plugins/events";

const ctx = useTestContext();

async function version(): Promise<number> {
  const [row] = await ctx.app.db.select().from(publicDataVersion).where(eq(publicDataVersion.id, 1));
  return row.version;
}

describe("public data version (database triggers)", () => {
  test("moves when public fields or photos change, not when counters do", async () => {
    const id = await buildModel(ctx.app);
    let v = await version();
    await updateModel(ctx.app, id, { viewsCount: 5, contactCount: 2 });
    assert.equal(await version(), v, "counters must not invalidate the lists");
    await updateModel(ctx.app, id, { name: "Outro Nome" });
    assert.equal(await version(), v + 1);
    v += 1;
    await buildPhoto(ctx.app, id);
    assert.equal(await version(), v + 1);
  });

  test("stays put for what the public cannot see: hidden models and private photos", async () => {
    const hidden = await buildModel(ctx.app, { validDays: null });
    const v = await version();
    await updateModel(ctx.app, hidden, { name: "Ainda Oculta", description: "nova" });
    await buildPhoto(ctx.app, hidden, { isPublic: false });
    const visible = await buildModel(ctx.app);
    const afterInsert = await version();
    assert.equal(afterInsert, v + 1, "only the visible model's insert moved it");
    await buildPhoto(ctx.app, visible, { isPublic: false });
    assert.equal(await version(), afterInsert, "a private photo is not public data");
    await updateModel(ctx.app, hidden, { nextDueDate: null, isActive: true });
    assert.equal(await version(), afterInsert);
    await updateModel(ctx.app, visible, { isActive: false });
    assert.equal(await version(), afterInsert + 1, "hiding a visible model moves it");
  });

  test("a public photo's fingerprints are not public data; its main-photo flag and visibility are", async () => {
    const id = await buildModel(ctx.app);
    const photo = await buildPhoto(ctx.app, id);
    const v = await version();
    await ctx.app.db.execute(
      sql`update photos set sha256 = ${"ab".repeat(32)}, perceptual_hash = 42, hasher = 'dhash-v1',
        crop_hashes = array[1, 2]::bigint[] where id = ${photo.id}`,
    );
    assert.equal(await version(), v, "the photo-fingerprints job must not empty the public cache");
    await ctx.app.db.execute(sql`update photos set is_primary = not is_primary where id = ${photo.id}`);
    assert.equal(await version(), v + 1);
    await ctx.app.db.execute(sql`update photos set is_public = false where id = ${photo.id}`);
    assert.equal(await version(), v + 2);
  });

  test("moves once per transaction, however many rows change", async () => {
    const ids = [await buildModel(ctx.app), await buildModel(ctx.app), await buildModel(ctx.app)];
    const v = await version();
    await ctx.app.db.transaction(async (tx) => {
      for (const id of ids) await tx.update(models).set({ isFeatured: true }).where(eq(models.id, id));
    });
    assert.equal(await version(), v + 1);
  });

  test("a rolled-back change leaves the version alone", async () => {
    const id = await buildModel(ctx.app);
    const v = await version();
    await assert.rejects(
      ctx.app.db.transaction(async (tx) => {
        await tx.update(models).set({ isActive: false }).where(eq(models.id, id));
        throw new Error("desfaz");
      }),
    );
    assert.equal(await version(), v);
  });
});

describe("createPublicCache", () => {
  test("with no staleness window, a change is seen by the next call", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0 });
    let computed = 0;
    const read = () => cache.get("k", async () => ++computed);
    assert.equal(await read(), 1);
    assert.equal(await read(), 1);
    await ctx.app.db.execute(sql`update public_data_version set version = version + 1 where id = 1`);
    assert.equal(await read(), 2);
  });

  test("inside the staleness window the old value stays until a change is announced", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 60_000 });
    let computed = 0;
    const read = () => cache.get("k", async () => ++computed);
    assert.equal(await read(), 1);
    await ctx.app.db.execute(sql`update public_data_version set version = version + 1 where id = 1`);
    assert.equal(await read(), 1);
    cache.forgetVersion();
    assert.equal(await read(), 2);
  });

  test("concurrent misses compute once; past the TTL the old value answers while it is refreshed", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0, ttlMs: 50 });
    let computed = 0;
    const slow = () => cache.get("slow", () => new Promise<number>((r) => setTimeout(() => r(++computed), 20)));
    assert.deepEqual(await Promise.all([slow(), slow(), slow()]), [1, 1, 1]);
    await new Promise((r) => setTimeout(r, 60));
    assert.equal(await slow(), 1);
    await new Promise((r) => setTimeout(r, 40));
    assert.equal(await slow(), 2);
    assert.equal(computed, 2);
  });

  /** A cache with room for three entries of 1000 bytes; `computed` lists the keys computed (misses), in order. */
  function cacheOfThree() {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0, maxBytes: 3000 });
    const computed: string[] = [];
    const read = (key: string) => cache.get(key, async () => (computed.push(key), key), { weigh: () => 1000 });
    return { computed, read };
  }

  test("when full, the least recently used entry goes first: a page read again stays", async () => {
    const { computed, read } = cacheOfThree();
    await read("a");
    await read("b");
    await read("c");
    await read("a"); // a hit: "a" is now the most recently used
    await read("d"); // over budget: "b", the least recently used, goes
    computed.length = 0;
    await read("a");
    await read("c");
    await read("d");
    assert.deepEqual(computed, [], "a, c and d are still cached");
    await read("b");
    assert.deepEqual(computed, ["b"], "b was evicted");
  });

  test("when full and every entry was read again, the oldest goes and the budget holds", async () => {
    const { computed, read } = cacheOfThree();
    await read("a");
    await read("b");
    await read("c");
    await read("a");
    await read("b");
    await read("c"); // all three read since they were stored
    await read("d"); // over budget: each gets its second chance, then "a", the oldest, goes
    computed.length = 0;
    await read("b");
    await read("c");
    await read("d");
    assert.deepEqual(computed, [], "b, c and d are still cached");
    await read("a");
    assert.deepEqual(computed, ["a"], "a was evicted, and only a: the cache never holds more than its budget");
  });

  test("a value that does not expire is kept until the version moves", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0, ttlMs: 10 });
    let computed = 0;
    const read = () => cache.get("ids", async () => ++computed, { expires: false });
    assert.equal(await read(), 1);
    await new Promise((r) => setTimeout(r, 30));
    assert.equal(await read(), 1);
    assert.equal(computed, 1);
  });

  test("the listing follows a visibility change at once through the app's own cache", async () => {
    const cityId = 2800308; // Aracaju
    const id = await buildModel(ctx.app, { municipioId: cityId });
    const list = async () =>
      (await ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=${cityId}` })).json().pagination.total;
    assert.equal(await list(), 1);
    await updateModel(ctx.app, id, { deletedAt: new Date() });
    assert.equal(await list(), 0);
  });
});

describe("what a change touches (public_changes, migration 0033)", () => {
  /** The tags written by the last transaction that moved the version. */
  async function lastTags(): Promise<string[]> {
    const v = await version();
    const rows = await ctx.app.db
      .select({ tag: publicChanges.tag })
      .from(publicChanges)
      .where(eq(publicChanges.version, v));
    return rows.map((r) => r.tag).sort();
  }

  test("a profile-only field touches her profile; a card field her card; her text the searches too", async () => {
    const id = await buildModel(ctx.app, { municipioId: 2800308 });
    await updateModel(ctx.app, id, { rates: "R$ 200" });
    assert.deepEqual(await lastTags(), [`model:${id}`, "models"]);
    await updateModel(ctx.app, id, { languages: ["en"] });
    assert.deepEqual(await lastTags(), [`model:${id}`, "models"]);
    await updateModel(ctx.app, id, { age: 31 });
    assert.deepEqual(await lastTags(), [`card:${id}`, "filters", "filters:city:2800308", `model:${id}`, "models"]);
    await updateModel(ctx.app, id, { description: "nova", searchText: "nova" });
    assert.deepEqual(await lastTags(), [`card:${id}`, `model:${id}`, "models", "search"]);
    await updateModel(ctx.app, id, { neighborhood: "Centro", neighborhoodSearch: "centro" });
    assert.deepEqual(await lastTags(), [`card:${id}`, "filters", "filters:city:2800308", `model:${id}`, "models"]);
  });

  test("Disponível agora touches her card, the filters and the order of the plain lists and searches", async () => {
    const id = await buildModel(ctx.app, { municipioId: 2800308 });
    await updateModel(ctx.app, id, { availableUntil: new Date(Date.now() + 3_600_000) });
    assert.deepEqual(await lastTags(), [
      `card:${id}`,
      "filters",
      "filters:city:2800308",
      "list:all",
      "list:city:2800308",
      `model:${id}`,
      "models",
      "search",
    ]);
    const v = await version();
    await updateModel(ctx.app, id, { availabilityStarts: 3 });
    assert.equal(await version(), v, "the count of her starts is not public");
  });

  test("visibility, city and order touch her membership: both cities, the lists, searches and counts", async () => {
    const id = await buildModel(ctx.app, { municipioId: 2800308 });
    const membership = (...cities: number[]) =>
      [
        `card:${id}`,
        "cities",
        "filters",
        ...cities.map((c) => `filters:city:${c}`),
        "list:all",
        ...cities.map((c) => `list:city:${c}`),
        `model:${id}`,
        "models",
        "search",
      ].sort();
    await updateModel(ctx.app, id, { municipioId: 1100205, estadoId: 11 });
    assert.deepEqual(await lastTags(), membership(1100205, 2800308));
    await updateModel(ctx.app, id, { isFeatured: true });
    assert.deepEqual(await lastTags(), membership(1100205));
    await updateModel(ctx.app, id, { isVerified: false });
    assert.deepEqual(await lastTags(), membership(1100205), "the badge is part of visibility");
    const v = await version();
    await updateModel(ctx.app, id, { rates: "escondida" });
    assert.equal(await version(), v, "a hidden model's change touches nothing");
  });

  test("photos touch her profile; her main photo also her card and the filters of her city (Com fotos)", async () => {
    const id = await buildModel(ctx.app, { municipioId: 3550308 });
    await buildPhoto(ctx.app, id, { isPrimary: false });
    assert.deepEqual(await lastTags(), [`model:${id}`]);
    await buildPhoto(ctx.app, id);
    assert.deepEqual(await lastTags(), [`card:${id}`, "filters", "filters:city:3550308", `model:${id}`]);
    await setSetting(ctx.app, "site_name", "Outro Nome");
    assert.deepEqual(await lastTags(), ["all"]);
  });

  test("one version per transaction carries the tags of all its rows", async () => {
    const [a, b] = [await buildModel(ctx.app), await buildModel(ctx.app)];
    const v = await version();
    await ctx.app.db.transaction(async (tx) => {
      await tx.update(models).set({ rates: "um" }).where(eq(models.id, a));
      await tx.update(models).set({ rates: "dois" }).where(eq(models.id, b));
    });
    assert.equal(await version(), v + 1);
    assert.deepEqual(await lastTags(), [`model:${a}`, `model:${b}`, "models"].sort());
  });
});

describe("createPublicCache with tags", () => {
  const bump = (...tags: string[]) =>
    ctx.app.db.execute(sql`select note_public_change(${`{${tags.join(",")}}`}::text[])`);

  test("a change drops the entries showing one of its tags, and only those", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0 });
    const computed: string[] = [];
    const read = (key: string, tags: string[]) => cache.get(key, async () => (computed.push(key), key), { tags });
    const readAll = async () => {
      await read("a", ["t:a"]);
      await read("b", ["t:b"]);
      await read("ab", ["t:a", "t:b"]);
    };
    await readAll();
    computed.length = 0;
    await bump("t:a");
    await readAll();
    assert.deepEqual(computed, ["a", "ab"]);
    computed.length = 0;
    await bump("other");
    await readAll();
    assert.deepEqual(computed, []);
    await bump("all");
    await readAll();
    assert.deepEqual(computed, ["a", "b", "ab"]);
  });

  test("an entry depends on the cached values it read (nested), and narrow() replaces their tags", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0 });
    let outer = 0;
    let narrowed = 0;
    const inner = () => cache.get("inner", async () => "x", { tags: ["t:inner"] });
    const readOuter = () => cache.get("outer", async () => (await inner()) + ++outer);
    const readNarrowed = () =>
      cache.get("narrowed", async () => (await cache.narrow(["t:narrow"], inner)) + ++narrowed);
    assert.equal(await readOuter(), "x1");
    assert.equal(await readNarrowed(), "x1");
    await bump("t:inner");
    assert.equal(await readOuter(), "x2", "the outer entry showed the inner one");
    assert.equal(await readNarrowed(), "x1", "narrowed: the inner tags do not count");
    await bump("t:narrow");
    assert.equal(await readNarrowed(), "x2");
  });

  test("an entry computed while a change commits is never kept as valid", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0 });
    const id = await buildModel(ctx.app);
    const rates = async () =>
      (await ctx.app.db.select({ rates: models.rates }).from(models).where(eq(models.id, id)))[0].rates;
    let first = true;
    const read = () =>
      cache.get(
        "profile",
        async () => {
          const value = await rates();
          // The change commits after this computation read its data, before it is stored.
          if (first) await updateModel(ctx.app, id, { rates: "depois" });
          first = false;
          return value;
        },
        { tags: [`model:${id}`] },
      );
    const before = await read();
    assert.notEqual(before, "depois");
    assert.equal(await read(), "depois", "the next request computes again");
  });

  test("a request arriving while a page is computed waits for that computation (one at a time)", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0 });
    let running = 0;
    let most = 0;
    let computed = 0;
    const read = () =>
      cache.get("page", async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise((r) => setTimeout(r, 30));
        running -= 1;
        return ++computed;
      });
    assert.deepEqual(await Promise.all([read(), read(), read(), read()]), [1, 1, 1, 1]);
    assert.equal(most, 1);
  });

  test("changes pruned before a cache read them drop everything it holds", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0 });
    let computed = 0;
    const read = () => cache.get("k", async () => ++computed, { tags: ["t:pruned"] });
    assert.equal(await read(), 1);
    await bump("elsewhere");
    await prunePublicChanges(ctx.app.db, 0);
    assert.equal(await read(), 2);
    assert.equal(await read(), 2);
  });
});

describe("production staleness window", () => {
  test("an announced change (events stream) makes the next request see it", async () => {
    const prod = await createTestContext({ publicCacheMaxStalenessMs: 60_000 });
    try {
      const cityId = 1100205; // Porto Velho
      const id = await buildModel(prod.app, { municipioId: cityId });
      const list = async () =>
        (await prod.app.inject({ method: "GET", url: `/api/models/public?city_id=${cityId}` })).json().pagination.total;
      assert.equal(await list(), 1);
      await updateModel(prod.app, id, { isActive: false });
      assert.equal(await list(), 1, "inside the window the list may lag");
      await prod.app.db.transaction((tx) => recordEvents(tx, [{ type: "model_status_updated", model_id: id }]));
      await prod.app.events.deliver();
      assert.equal(await list(), 0);
    } finally {
      await prod.close();
    }
  });
});
