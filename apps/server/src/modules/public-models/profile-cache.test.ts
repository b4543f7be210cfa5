import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eq, sql } from "drizzle-orm";
import { models, products } from "../../db/schema";
import { useTestContext } from "../../test/fixtures";
import { buildModel, buildPhoto, buildProduct, updateModel } from "../../test/factories";

type ModelInsert = typeof models.$inferInsert;

const ctx = useTestContext();

let visitors = 0;
/** Each read comes from a new address unless told, so it may count a view. */
const getProfile = (id: number, remoteAddress = `203.0.113.${(visitors++ % 250) + 1}`) =>
  ctx.app.inject({ method: "GET", url: `/api/models/public/${id}`, remoteAddress });

/** Reads the profile as a visitor whose view is already counted today (no counting in between). */
const SAME_VISITOR = "198.51.100.200";

describe("the cached public profile", () => {
  test("is served from memory: a change that moves no public data (a counter) does not show until it expires", async () => {
    const id = await buildModel(ctx.app, { viewsCount: 5 });
    const first = await getProfile(id, SAME_VISITOR);
    assert.equal(first.json().model.views_count, 6);
    await ctx.app.db.update(models).set({ contactCount: 40 }).where(eq(models.id, id));
    const again = await getProfile(id, SAME_VISITOR);
    assert.equal(again.json().model.contact_count, 0);
    assert.equal(again.json().model.views_count, 6);
    assert.equal(again.body, first.body);
  });

  const edits: [keyof ModelInsert, ModelInsert[keyof ModelInsert], string, unknown][] = [
    ["height", "1.75", "height", 1.75],
    ["weight", "61.2", "weight", 61.2],
    ["measurements", "88-62-90", "measurements", "88-62-90"],
    ["whatsapp", "11988887777", "whatsapp", "11988887777"],
    ["phone", "1133334444", "phone", "1133334444"],
    ["instagram", "nova.conta", "instagram", "nova.conta"],
    [
      "rates",
      JSON.stringify({ tags: ["2h R$ 300"], obs: "" }),
      "rates",
      JSON.stringify({ tags: ["2h R$ 300"], obs: "" }),
    ],
    ["name", "Outro Nome", "name", "Outro Nome"],
    ["description", "Nova descrição", "description", "Nova descrição"],
    ["services", "Massagem", "services", "Massagem"],
  ];
  for (const [column, value, field, shown] of edits) {
    test(`an edit of ${column} shows in the next read`, async () => {
      const id = await buildModel(ctx.app);
      const before = (await getProfile(id, SAME_VISITOR)).json();
      assert.notDeepEqual(before.model[field], shown);
      await updateModel(ctx.app, id, { [column]: value });
      const res = await getProfile(id, SAME_VISITOR);
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json().model[field], shown);
    });
  }

  test("a new, edited, deactivated or deleted product shows in the next read", async () => {
    const id = await buildModel(ctx.app);
    assert.deepEqual((await getProfile(id, SAME_VISITOR)).json().products, []);
    const productId = await buildProduct(ctx.app, id, { name: "Ensaio", priceCents: 1000 });
    const names = async () =>
      (await getProfile(id, SAME_VISITOR))
        .json()
        .products.map((p: { name: string; price: number }) => [p.name, p.price]);
    assert.deepEqual(await names(), [["Ensaio", 10]]);
    await ctx.app.db.update(products).set({ name: "Ensaio novo", priceCents: 2500 }).where(eq(products.id, productId));
    assert.deepEqual(await names(), [["Ensaio novo", 25]]);
    await ctx.app.db.update(products).set({ isActive: false }).where(eq(products.id, productId));
    assert.deepEqual(await names(), []);
    await ctx.app.db.update(products).set({ isActive: true }).where(eq(products.id, productId));
    assert.deepEqual(await names(), [["Ensaio novo", 25]]);
    await ctx.app.db.delete(products).where(eq(products.id, productId));
    assert.deepEqual(await names(), []);
  });

  test("a new or hidden photo shows in the next read", async () => {
    const id = await buildModel(ctx.app);
    assert.deepEqual((await getProfile(id, SAME_VISITOR)).json().photos, []);
    const photo = await buildPhoto(ctx.app, id);
    assert.equal((await getProfile(id, SAME_VISITOR)).json().model.primary_photo, photo.filename);
    await ctx.app.db.execute(sql`update photos set is_public = false where id = ${photo.id}`);
    const res = (await getProfile(id, SAME_VISITOR)).json();
    assert.equal(res.model.primary_photo, null);
    assert.deepEqual(res.photos, []);
  });

  const hide: [string, Partial<ModelInsert>][] = [
    ["deactivated", { isActive: false }],
    ["expired", { nextDueDate: "2020-01-01" }],
    ["deleted", { deletedAt: new Date() }],
    ["unverified", { isVerified: false }],
  ];
  for (const [label, set] of hide) {
    test(`a model ${label} after a read answers 404 on the next one`, async () => {
      const id = await buildModel(ctx.app);
      assert.equal((await getProfile(id, SAME_VISITOR)).statusCode, 200);
      await updateModel(ctx.app, id, set);
      const res = await getProfile(id, SAME_VISITOR);
      assert.equal(res.statusCode, 404);
      assert.deepEqual(res.json(), { error: "Modelo não encontrada", code: "NOT_FOUND" });
    });
  }

  test("a hidden model made visible again answers 200 at once (the remembered 404 goes with the version)", async () => {
    const id = await buildModel(ctx.app, { isActive: false });
    assert.equal((await getProfile(id, SAME_VISITOR)).statusCode, 404);
    assert.equal((await getProfile(id, SAME_VISITOR)).statusCode, 404);
    await updateModel(ctx.app, id, { isActive: true });
    assert.equal((await getProfile(id, SAME_VISITOR)).statusCode, 200);
  });

  test("a counted view shows +1 in its own response and in the next visitors' reads", async () => {
    const id = await buildModel(ctx.app, { viewsCount: 100 });
    assert.equal((await getProfile(id, "198.51.100.201")).json().model.views_count, 101);
    assert.equal((await getProfile(id, "198.51.100.201")).json().model.views_count, 101);
    assert.equal((await getProfile(id, "198.51.100.202")).json().model.views_count, 102);
    assert.equal((await getProfile(id, "198.51.100.201")).json().model.views_count, 102);
    const [row] = await ctx.app.db.select({ views: models.viewsCount }).from(models).where(eq(models.id, id));
    assert.equal(row.views, 102);
  });

  test("the cached answer keeps the response shape and gets an ETag", async () => {
    const id = await buildModel(ctx.app);
    const res = await getProfile(id, SAME_VISITOR);
    assert.match(String(res.headers["content-type"]), /^application\/json/);
    assert.deepEqual(Object.keys(res.json()), ["model", "photos", "products"]);
    assert.ok(res.headers.etag);
  });
});
