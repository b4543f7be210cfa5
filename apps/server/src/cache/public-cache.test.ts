import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eq, sql } from "drizzle-orm";
import { models, publicDataVersion } from "../db/schema";
import { createTestContext, type TestContext } from "../test/helper";
import { buildModel, buildPhoto, updateModel } from "../test/factories";
import { createPublicCache } from "./public-cache";

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

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

  test("when full, the least recently used entry goes first: a page read again stays", async () => {
    const cache = createPublicCache(ctx.app.db, { maxStalenessMs: 0, maxBytes: 3000 });
    const computed: string[] = [];
    const read = (key: string) => cache.get(key, async () => (computed.push(key), key), { weigh: () => 1000 });
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
      prod.app.events.publish({ type: "model_status_updated", model_id: id });
      assert.equal(await list(), 0);
    } finally {
      await prod.close();
    }
  });
});
