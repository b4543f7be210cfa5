import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PRODUCTS_PER_MODEL_MAX } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { models, orders, products } from "../../db/schema";
import { bearer, makeVisible, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext();

const productBody = (overrides: Record<string, unknown> = {}) => ({
  name: "Ensaio fotográfico",
  description: "Pacote com 20 fotos",
  price: 59.9,
  type: "digital",
  is_active: true,
  ...overrides,
});

const createProduct = (token: string, payload: object) =>
  ctx.app.inject({ method: "POST", url: "/api/models/products", headers: bearer(token), payload });

async function modelWithProduct(overrides: Record<string, unknown> = {}) {
  const model = await registerModel(ctx.app);
  const res = await createProduct(model.token, productBody(overrides));
  assert.equal(res.statusCode, 201, res.body);
  return { ...model, product: res.json().product };
}

describe("model's own products", () => {
  test("create, list, update and delete; price travels in reais and is stored in cents", async () => {
    const { token, id, product } = await modelWithProduct({ price: "1.234,56", type: "servico" });
    assert.equal(product.price, 1234.56);
    assert.equal(product.type, "servico");
    assert.equal(product.is_active, true);
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, product.id));
    assert.equal(row!.priceCents, 123456);
    assert.equal(row!.modelId, id);

    const list = await ctx.app.inject({ method: "GET", url: "/api/models/products", headers: bearer(token) });
    assert.deepEqual(
      list.json().products.map((p: { id: number }) => p.id),
      [product.id],
    );

    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/models/products/${product.id}`,
      headers: bearer(token),
      payload: productBody({ name: "Vídeo", price: 0.1, type: "fisico", is_active: false }),
    });
    assert.equal(put.statusCode, 200, put.body);
    assert.deepEqual(
      { ...put.json().product, created_at: undefined },
      {
        id: product.id,
        name: "Vídeo",
        description: "Pacote com 20 fotos",
        price: 0.1,
        type: "fisico",
        is_active: false,
        created_at: undefined,
      },
    );

    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/models/products/${product.id}`,
      headers: bearer(token),
    });
    assert.equal(del.statusCode, 200);
    assert.equal((await ctx.app.db.select().from(products).where(eq(products.id, product.id))).length, 0);
  });

  const rejected: [string, Record<string, unknown>, string][] = [
    ["no name", { name: " " }, "name"],
    ["zero price", { price: 0 }, "price"],
    ["negative price", { price: -5 }, "price"],
    ["three decimals", { price: 10.999 }, "price"],
    ["price as words", { price: "caro" }, "price"],
    ["unknown type", { type: "outro" }, "type"],
    ["long description", { description: "a".repeat(2001) }, "description"],
    ["is_active as text", { is_active: "sim" }, "is_active"],
  ];
  for (const [label, change, path] of rejected) {
    test(`rejects ${label}`, async () => {
      const { token } = await registerModel(ctx.app);
      const res = await createProduct(token, productBody(change));
      assert.equal(res.statusCode, 400, res.body);
      assert.ok(
        res.json().details.some((d: { path: string }) => d.path === path),
        res.body,
      );
    });
  }

  test(`caps products at ${PRODUCTS_PER_MODEL_MAX}`, async () => {
    const { token, id } = await registerModel(ctx.app);
    await ctx.app.db
      .insert(products)
      .values(
        Array.from({ length: PRODUCTS_PER_MODEL_MAX }, (_, i) => ({ modelId: id, name: `P${i}`, priceCents: 100 })),
      );
    const res = await createProduct(token, productBody());
    assert.equal(res.statusCode, 400);
    assert.match(res.json().error, /Limite de 50 produtos/);
  });

  test("model B cannot update or delete model A's product: 404", async () => {
    const a = await modelWithProduct();
    const b = await registerModel(ctx.app);
    const put = await ctx.app.inject({
      method: "PUT",
      url: `/api/models/products/${a.product.id}`,
      headers: bearer(b.token),
      payload: productBody({ name: "Roubado" }),
    });
    assert.equal(put.statusCode, 404);
    assert.equal(put.json().error, "Produto não encontrado");
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/models/products/${a.product.id}`,
      headers: bearer(b.token),
    });
    assert.equal(del.statusCode, 404);
    const list = await ctx.app.inject({ method: "GET", url: "/api/models/products", headers: bearer(b.token) });
    assert.deepEqual(list.json().products, []);
    const [row] = await ctx.app.db.select().from(products).where(eq(products.id, a.product.id));
    assert.equal(row!.name, "Ensaio fotográfico");
  });

  test("requires a model session", async () => {
    assert.equal((await ctx.app.inject({ method: "GET", url: "/api/models/products" })).statusCode, 401);
    assert.equal((await ctx.app.inject({ method: "GET", url: "/api/models/orders" })).statusCode, 401);
  });
});

describe("GET /api/products/:productId (checkout)", () => {
  test("an active product of a visible model", async () => {
    const { id, product, body } = await modelWithProduct();
    const url = `/api/products/${product.id}`;
    assert.equal((await ctx.app.inject({ method: "GET", url })).statusCode, 404, "model not visible yet");
    await makeVisible(ctx.app, id);
    const res = await ctx.app.inject({ method: "GET", url });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(res.json(), {
      product: {
        id: product.id,
        name: "Ensaio fotográfico",
        description: "Pacote com 20 fotos",
        price: 59.9,
        model_name: body.name,
        type: "digital",
      },
    });
  });

  test("inactive product, hidden model, deleted model or unknown id → 404 Produto não encontrado", async () => {
    const inactive = await modelWithProduct({ is_active: false });
    await makeVisible(ctx.app, inactive.id);
    const hidden = await modelWithProduct();
    await makeVisible(ctx.app, hidden.id);
    await ctx.app.db.update(models).set({ isActive: false }).where(eq(models.id, hidden.id));
    const deleted = await modelWithProduct();
    await makeVisible(ctx.app, deleted.id);
    await ctx.app.db.update(models).set({ deletedAt: new Date() }).where(eq(models.id, deleted.id));
    for (const productId of [inactive.product.id, hidden.product.id, deleted.product.id, 999999]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/products/${productId}` });
      assert.equal(res.statusCode, 404);
      assert.equal(res.json().error, "Produto não encontrado");
    }
  });
});

describe("GET /api/models/orders", () => {
  test("lists only the model's own orders, newest first, without customer contact data", async () => {
    const a = await modelWithProduct();
    const b = await modelWithProduct();
    const base = { customerEmail: "cliente@example.com", customerPhone: "11999990000" };
    await ctx.app.db.insert(orders).values([
      {
        ...base,
        productId: a.product.id,
        modelId: a.id,
        productName: "Ensaio fotográfico",
        customerName: "Cliente 1",
        amountCents: 5990,
        status: "paid",
        paidAt: new Date("2026-01-02T12:00:00Z"),
        createdAt: new Date("2026-01-02T10:00:00Z"),
      },
      {
        ...base,
        productId: a.product.id,
        modelId: a.id,
        productName: "Ensaio fotográfico",
        customerName: "Cliente 2",
        amountCents: 5990,
        status: "pending",
        createdAt: new Date("2026-01-03T10:00:00Z"),
      },
      { ...base, productId: b.product.id, modelId: b.id, productName: "Outro", customerName: "X", amountCents: 100 },
    ]);
    const res = await ctx.app.inject({ method: "GET", url: "/api/models/orders", headers: bearer(a.token) });
    assert.equal(res.statusCode, 200);
    const list = res.json().orders;
    assert.deepEqual(
      list.map((o: { customer_name: string; status: string; amount: number }) => [o.customer_name, o.status, o.amount]),
      [
        ["Cliente 2", "pending", 59.9],
        ["Cliente 1", "paid", 59.9],
      ],
    );
    assert.equal(list[1].paid_at, "2026-01-02T12:00:00.000Z");
    assert.equal(list[0].product_name, "Ensaio fotográfico");
    assert.equal("customer_email" in list[0], false);

    // Deleting the product keeps the orders, with their product name.
    await ctx.app.inject({ method: "DELETE", url: `/api/models/products/${a.product.id}`, headers: bearer(a.token) });
    const after = (await ctx.app.inject({ method: "GET", url: "/api/models/orders", headers: bearer(a.token) })).json();
    assert.equal(after.orders.length, 2);
    assert.equal(after.orders[0].product_id, null);
    assert.equal(after.orders[0].product_name, "Ensaio fotográfico");
  });
});
