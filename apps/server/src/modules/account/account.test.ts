import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { PHOTO_WIDTHS, photoUrl } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { mailOutbox, modelPayments, models, orders, photos, products } from "../../db/schema";
import type { ModelEvent } from "../../plugins/events";
import { bearer, makeVisible, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { addPhoto } from "../photos/test-support";
import { withoutId } from "../../test/events";

const ctx = useTestContext();

const login = (email: string, password: string) =>
  ctx.app.inject({ method: "POST", url: "/api/auth/model/login", payload: { email, password } });
const account = (method: "PUT" | "DELETE", url: string, token: string, payload: object) =>
  ctx.app.inject({ method, url: `/api/models/account${url}`, headers: bearer(token), payload });

describe("PUT /api/models/account/password", () => {
  test("requires the current password; a wrong one is a 400 that keeps the session", async () => {
    const { token, body } = await registerModel(ctx.app);
    const wrong = await account("PUT", "/password", token, {
      current_password: "nao-e-essa",
      new_password: "nova-senha-456",
    });
    assert.equal(wrong.statusCode, 400);
    assert.equal(wrong.json().error, "Senha atual incorreta");
    assert.equal(wrong.json().details[0].path, "current_password");
    assert.equal((await login(body.email, "nova-senha-456")).statusCode, 401);

    const missing = await account("PUT", "/password", token, { new_password: "nova-senha-456" });
    assert.equal(missing.statusCode, 400);
    const short = await account("PUT", "/password", token, { current_password: body.password, new_password: "123" });
    assert.equal(short.statusCode, 400);
    assert.equal(short.json().details[0].path, "new_password");
    const same = await account("PUT", "/password", token, {
      current_password: body.password,
      new_password: body.password,
    });
    assert.equal(same.statusCode, 400);

    const ok = await account("PUT", "/password", token, {
      current_password: body.password,
      new_password: "nova-senha-456",
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().success, true);
    // The old token (and any stolen copy) ends; the fresh one carries on.
    assert.equal(
      (
        await account("PUT", "/password", token, {
          current_password: "nova-senha-456",
          new_password: "outra-senha-789",
        })
      ).statusCode,
      401,
    );
    const verifyOld = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: { authorization: `Bearer ${token}` },
    });
    assert.equal(verifyOld.statusCode, 401);
    const verifyNew = await ctx.app.inject({
      method: "GET",
      url: "/api/auth/verify",
      headers: { authorization: `Bearer ${ok.json().token}` },
    });
    assert.equal(verifyNew.statusCode, 200);
    assert.equal((await login(body.email, body.password)).statusCode, 401);
    assert.equal((await login(body.email, "nova-senha-456")).statusCode, 200);
  });
});

describe("PUT /api/models/account/email", () => {
  test("a new e-mail becomes hers once she opens the link sent to it; a taken e-mail is 409", async () => {
    const { token, body } = await registerModel(ctx.app);
    const other = await registerModel(ctx.app);

    const wrong = await account("PUT", "/email", token, { current_password: "errada-999", email: "nova@example.com" });
    assert.equal(wrong.statusCode, 400);
    const invalid = await account("PUT", "/email", token, { current_password: body.password, email: "nao-e-email" });
    assert.equal(invalid.statusCode, 400);
    assert.equal(invalid.json().details[0].path, "email");
    const taken = await account("PUT", "/email", token, {
      current_password: body.password,
      email: other.body.email.toUpperCase(),
    });
    assert.equal(taken.statusCode, 409);
    assert.equal(taken.json().error, "E-mail já cadastrado");
    assert.equal(taken.json().details[0].path, "email");

    const newEmail = `Nova.${body.email}`;
    const ok = await account("PUT", "/email", token, { current_password: body.password, email: ` ${newEmail} ` });
    assert.equal(ok.statusCode, 200, ok.body);
    // Nothing changes until the new address is confirmed.
    assert.equal(ok.json().model.email, body.email);
    assert.equal((await login(body.email, body.password)).statusCode, 200);
    const [mail] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, newEmail.toLowerCase()));
    const link = /confirmar-email\?token=([\w-]+)/.exec(mail.textBody)?.[1];
    const confirm = await ctx.app.inject({ method: "POST", url: "/api/auth/email/confirm", payload: { token: link } });
    assert.equal(confirm.statusCode, 200, confirm.body);
    assert.equal((await login(newEmail.toLowerCase(), body.password)).statusCode, 200);
    assert.equal((await login(body.email, body.password)).statusCode, 401);
  });
});

describe("DELETE /api/models/account", () => {
  test("a wrong password deletes nothing", async () => {
    const { token, id } = await registerModel(ctx.app);
    await addPhoto(ctx.app, token);
    const res = await account("DELETE", "", token, { password: "errada-123" });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, "Senha incorreta");
    assert.equal((await ctx.app.db.select().from(photos).where(eq(photos.modelId, id))).length, 1);
    assert.equal(
      (await ctx.app.inject({ method: "GET", url: "/api/models/profile", headers: bearer(token) })).statusCode,
      200,
    );
  });

  test("removes photos (files too) and products, anonymises the model, keeps payments and orders", async () => {
    const { token, id, body } = await registerModel(ctx.app, { phone: "11912345678" });
    await makeVisible(ctx.app, id);
    await ctx.app.db.update(models).set({ viewsCount: 7, contactCount: 3 }).where(eq(models.id, id));
    const profile = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/profile",
      headers: bearer(token),
      payload: {
        name: "Ana Real",
        age: 30,
        estado_id: 35,
        municipio_id: 3550308,
        category_id: 1,
        instagram: "ana.real",
      },
    });
    assert.equal(profile.statusCode, 200, profile.body);
    const publicPhoto = await addPhoto(ctx.app, token, { is_public: "true" });
    const privatePhoto = await addPhoto(ctx.app, token);
    const product = (
      await ctx.app.inject({
        method: "POST",
        url: "/api/models/products",
        headers: bearer(token),
        payload: { name: "Ensaio", price: 50 },
      })
    ).json().product;
    await ctx.app.db.insert(modelPayments).values({ modelId: id, amountCents: 10000, method: "pix", status: "paid" });
    await ctx.app.db.insert(orders).values({
      modelId: id,
      productId: product.id,
      productName: "Ensaio",
      customerName: "Cliente",
      amountCents: 5000,
      status: "paid",
    });
    const files = [publicPhoto, privatePhoto].flatMap((p) =>
      PHOTO_WIDTHS.map((w) => path.join(ctx.config.dataDir, "uploads", "photos", `${p.filename}-${w}.webp`)),
    );
    for (const file of files) assert.ok(existsSync(file));
    assert.equal((await ctx.app.inject({ method: "GET", url: photoUrl(publicPhoto.filename) })).statusCode, 200);

    const events: ModelEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => events.push(withoutId(e)));
    const res = await account("DELETE", "", token, { password: body.password });
    unsubscribe();
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true });
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: id }]);

    for (const file of files) assert.equal(existsSync(file), false, `${file} still on disk`);
    assert.equal((await ctx.app.db.select().from(photos).where(eq(photos.modelId, id))).length, 0);
    assert.equal((await ctx.app.db.select().from(products).where(eq(products.modelId, id))).length, 0);
    assert.equal((await ctx.app.inject({ method: "GET", url: photoUrl(publicPhoto.filename) })).statusCode, 404);
    assert.equal((await ctx.app.inject({ method: "GET", url: `/api/products/${product.id}` })).statusCode, 404);

    const [row] = await ctx.app.db.select().from(models).where(eq(models.id, id));
    assert.equal(row!.name, "Conta removida");
    assert.equal(row!.email, `deleted-${id}@invalid`);
    assert.equal(row!.username, `deleted:${id}`);
    assert.ok(row!.deletedAt);
    assert.equal(row!.isActive, false);
    for (const value of [row!.phone, row!.whatsapp, row!.instagram, row!.measurements, row!.height, row!.weight]) {
      assert.equal(value, null);
    }
    assert.equal(row!.description, "");
    assert.equal(row!.rates, "");
    assert.equal(row!.searchText, "");
    // Only what payment and order records need stays: the id, the dates of the account, the anonymous name.
    for (const [field, value] of Object.entries({
      age: row!.age,
      estadoId: row!.estadoId,
      municipioId: row!.municipioId,
      categoryId: row!.categoryId,
      planId: row!.planId,
      nextDueDate: row!.nextDueDate,
      firstPaidAt: row!.firstPaidAt,
    })) {
      assert.equal(value, null, `${field} kept after deletion`);
    }
    assert.equal(row!.viewsCount, 0);
    assert.equal(row!.contactCount, 0);
    assert.equal(row!.isFeatured, false);
    const serialized = JSON.stringify(row);
    for (const personal of ["Ana Real", body.email, body.username, "11912345678", "ana.real"]) {
      assert.equal(serialized.includes(personal), false, `${personal} left in the model row`);
    }

    const [payment] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.modelId, id));
    assert.equal(payment!.amountCents, 10000);
    const [order] = await ctx.app.db.select().from(orders).where(eq(orders.modelId, id));
    assert.equal(order!.amountCents, 5000);
    assert.equal(order!.productId, null);

    // The session is gone, and so is the login.
    for (const url of ["/api/models/profile", "/api/auth/verify", "/api/models/photos"]) {
      assert.equal((await ctx.app.inject({ method: "GET", url, headers: bearer(token) })).statusCode, 401, url);
    }
    assert.equal((await login(body.email, body.password)).statusCode, 401);
    // The e-mail and username are free again.
    const again = await ctx.app.inject({ method: "POST", url: "/api/auth/model/register", payload: body });
    assert.equal(again.statusCode, 201, again.body);
  });
});

describe("account deletion and the live stream", () => {
  test("deleting an account the public never saw publishes nothing", async () => {
    const { token, body } = await registerModel(ctx.app);
    const events: ModelEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => events.push(withoutId(e)));
    const res = await ctx.as(token).delete("/api/models/account", { password: body.password });
    unsubscribe();
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(events, []);
  });
});
