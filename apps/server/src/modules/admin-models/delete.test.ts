import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { PHOTO_WIDTHS } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { modelPayments, models, orders, photos, products } from "../../db/schema";
import { photoKey } from "../../lib/photo-processing";
import { captureEvents, expectOneAuditRow } from "../../test/admin-support";
import { buildOrder, buildPayment, buildProduct, makeVisible, registerModel } from "../../test/factories";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { addPhoto } from "../photos/test-support";

const ctx = useTestContext();
let admin: string;
before(async () => {
  admin = await signedInAdmin(ctx);
});

describe("DELETE /api/admin/models/:id", () => {
  test("removes photo files and products, keeps payments and orders with her name, hides her everywhere", async () => {
    const { id, token, body } = await registerModel(ctx.app, { name: "Helena Prado" });
    await makeVisible(ctx.app, id);
    const photo = await addPhoto(ctx.app, token, { is_public: "true" });
    const productId = await buildProduct(ctx.app, id, { name: "Ensaio" });
    const paymentId = await buildPayment(ctx.app, { modelId: id });
    const orderId = await buildOrder(ctx.app, { modelId: id, productId, productName: "Ensaio", status: "paid" });
    for (const width of PHOTO_WIDTHS) assert.ok(await ctx.app.storage.get(photoKey(photo.filename, width)));
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200);

    const events = await captureEvents(ctx.app, async () => {
      const res = await expectOneAuditRow(ctx.app, "model.delete", () =>
        ctx.as(admin).delete(`/api/admin/models/${id}`),
      );
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { success: true });
    });
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: id }]);

    // Files and rows of what she owned are gone.
    for (const width of PHOTO_WIDTHS) assert.equal(await ctx.app.storage.get(photoKey(photo.filename, width)), null);
    assert.equal((await ctx.app.db.select().from(photos).where(eq(photos.modelId, id))).length, 0);
    assert.equal((await ctx.app.db.select().from(products).where(eq(products.modelId, id))).length, 0);

    // The records stay and still say whose they were.
    const [payment] = await ctx.app.db
      .select({ modelId: modelPayments.modelId, name: models.name })
      .from(modelPayments)
      .innerJoin(models, eq(models.id, modelPayments.modelId))
      .where(eq(modelPayments.id, paymentId));
    assert.deepEqual(payment, { modelId: id, name: "Helena Prado" });
    const [order] = await ctx.app.db
      .select({ name: models.name, productName: orders.productName, productId: orders.productId })
      .from(orders)
      .innerJoin(models, eq(models.id, orders.modelId))
      .where(eq(orders.id, orderId));
    assert.deepEqual(order, { name: "Helena Prado", productName: "Ensaio", productId: null });

    // Nothing but the name remains of her account.
    const [row] = await ctx.app.db.select().from(models).where(eq(models.id, id));
    assert.ok(row.deletedAt);
    assert.equal(row.isActive, false);
    assert.equal(row.email, `deleted-${id}@invalid`);
    assert.equal(row.phone, null);
    assert.equal(row.whatsapp, null);
    assert.equal(row.municipioId, null);

    // Public site, admin list, her session and her login: all gone.
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 404);
    const listing = (await ctx.as(null).get("/api/models/public?search=Helena")).json();
    assert.ok(!listing.models.some((m: { id: number }) => m.id === id));
    const adminList = (await ctx.as(admin).get("/api/admin/models?q=Helena")).json();
    assert.equal(adminList.models.length, 0);
    assert.equal((await ctx.as(token).get("/api/models/profile")).statusCode, 401);
    const login = await ctx.as(null).post("/api/auth/model/login", { email: body.email, password: body.password });
    assert.equal(login.statusCode, 401);

    // Deleted once only; her e-mail and username are free again.
    assert.equal((await ctx.as(admin).delete(`/api/admin/models/${id}`)).statusCode, 404);
    assert.equal((await ctx.as(admin).patch(`/api/admin/models/${id}/status`, { is_active: false })).statusCode, 404);
    const again = await registerModel(ctx.app, { email: body.email, username: body.username });
    assert.notEqual(again.id, id);
  });

  test("a hidden model is deleted without a word on the public stream; an unknown id is 404", async () => {
    const { id } = await registerModel(ctx.app);
    const events = await captureEvents(ctx.app, async () => {
      assert.equal((await ctx.as(admin).delete(`/api/admin/models/${id}`)).statusCode, 200);
    });
    assert.deepEqual(events, []);
    assert.equal((await ctx.as(admin).delete("/api/admin/models/99999999")).statusCode, 404);
  });
});
