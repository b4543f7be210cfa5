import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { PAYMENT_PROVIDER_FAILED, PIX_KEY_TYPES } from "@vitrine/contracts";
import { count, eq } from "drizzle-orm";
import { orders } from "../../db/schema";
import { type FakeMercadoPago, startFakeMercadoPago } from "../../fake-mercadopago/fake-mercadopago";
import { checkBrCode } from "../../test/br-code";
import { buildModel, buildProduct, setSetting, updateModel } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { ORDERS_PER_MINUTE } from "./checkout-routes";
import { settleProviderPayment } from "./settle";
import { clientFor, loadProviderSettings } from "./provider";

/**
 * A visitor buying a product: "PIX Manual" (a static BR Code, confirmed by an admin) and "PIX via Mercado Pago"
 * (Checkout Pro restricted to Pix), and the order's status for the result pages, through the real routes against
 * the local fake Mercado Pago.
 */

const RANDOM_KEY = "71c7d9be-4b85-4e43-9f1c-1f3b8b4e9a2d";

let fake: FakeMercadoPago;
let admin: string;
let modelId: number;
let productId: number;

before(async () => {
  fake = await startFakeMercadoPago();
});
const ctx = useTestContext(() => ({ mercadoPagoApiUrl: fake.url, mercadoPagoTimeoutMs: 400 }));
before(async () => {
  admin = await signedInAdmin(ctx);
  modelId = await buildModel(ctx.app, { name: "Carla" });
  productId = await buildProduct(ctx.app, modelId, { name: "Ensaio exclusivo", priceCents: 4990 });
});
after(async () => {
  await fake.close();
});
beforeEach(async () => {
  await setSetting(ctx.app, "mp_access_token_test", "TEST-fake-token");
  await setSetting(ctx.app, "site_name", "Vitrine Anúncios");
  await setSetting(ctx.app, "site_url", "");
  await setSetting(ctx.app, "pix_merchant_city", "SAO PAULO");
  for (const type of PIX_KEY_TYPES) await setSetting(ctx.app, `pix_${type}`, "");
  await setSetting(ctx.app, "pix_random", RANDOM_KEY.toUpperCase());
});

const BUYER = { customer_name: "João da Silva", customer_email: "Joao@Example.com", customer_phone: "(11) 98765-4321" };

/** Each caller its own address, so that the per-address limit only bites where a test means it to. */
let addressSeq = 0;
const nextAddress = () => {
  addressSeq += 1;
  return `10.1.${Math.floor(addressSeq / 250)}.${(addressSeq % 250) + 1}`;
};

function post(url: string, body: unknown, address = nextAddress()) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload: body as object,
    remoteAddress: address,
    headers: { host: "loja.vitrine.test" },
  });
}
const get = (url: string, address = nextAddress()) => ctx.app.inject({ method: "GET", url, remoteAddress: address });

const orderCount = async () => (await ctx.app.db.select({ n: count() }).from(orders))[0].n;
const findOrder = async (id: number) => (await ctx.app.db.select().from(orders).where(eq(orders.id, id)))[0];

function assertAbout(actual: Date | string | null | undefined, expected: number, label: string) {
  assert.ok(actual, `${label} is set`);
  const diff = Math.abs(new Date(actual).getTime() - expected);
  assert.ok(
    diff < 10_000,
    `${label}: ${new Date(actual).toISOString()} is not about ${new Date(expected).toISOString()}`,
  );
}

async function dashboardRevenue(): Promise<number> {
  const res = await ctx.as(admin).get("/api/admin/dashboard");
  assert.equal(res.statusCode, 200, res.body);
  return res.json().stats.totalRevenue;
}

describe("POST /api/payments/pix (PIX Manual)", () => {
  test("a pending order of the product's price and a static BR Code with the order as txid; not revenue", async () => {
    const revenue = await dashboardRevenue();
    const res = await post("/api/payments/pix", { product_id: productId, ...BUYER, amount: 0.01 });
    assert.equal(res.statusCode, 200, res.body);
    const json = res.json();
    const order = await findOrder(json.order_id);
    const txid = `PED${String(order.id).padStart(9, "0")}`;

    const code = checkBrCode(json.qr_code_data);
    assert.equal(code.key, RANDOM_KEY);
    assert.equal(code.amount, "49.90");
    assert.equal(code.txid, txid);
    assert.equal(code.merchantName, "Vitrine Anuncios");
    assert.match(json.qr_code, /^data:image\/png;base64,/);
    assert.equal(json.pix_key, RANDOM_KEY);
    assert.equal(json.amount, 49.9);
    assert.equal(json.description, `Pedido ${order.id}`);

    assert.deepEqual(
      [order.status, order.method, order.amountCents, order.productId, order.productName, order.modelId],
      ["pending", "pix", 4990, productId, "Ensaio exclusivo", modelId],
    );
    assert.deepEqual(
      [order.customerName, order.customerEmail, order.customerPhone],
      ["João da Silva", "joao@example.com", "11987654321"],
    );
    assert.equal(order.pixTxid, txid);
    assert.equal(order.paidAt, null);
    assertAbout(order.expiresAt, Date.now() + 86_400_000, "expires_at");
    assert.equal(await dashboardRevenue(), revenue, "a pending order is not revenue");

    assert.match(json.order_token, /^[0-9a-f]{64}$/);
    assert.equal(json.order_token, order.accessToken);
    const status = await get(`/api/payments/orders/${json.order_token}`);
    assert.equal(status.statusCode, 200, status.body);
    assert.equal(status.json().order.status, "pending");
  });

  test("no Pix key configured → 400 PIX_KEY_MISSING and no order", async () => {
    await setSetting(ctx.app, "pix_random", "");
    const before = await orderCount();
    const res = await post("/api/payments/pix", { product_id: productId, ...BUYER });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().code, "PIX_KEY_MISSING");
    assert.equal(await orderCount(), before);
  });

  test("another configured key is used when there is no random key", async () => {
    await setSetting(ctx.app, "pix_random", "");
    await setSetting(ctx.app, "pix_email", "pix@vitrine.com.br");
    const res = await post("/api/payments/pix", { product_id: productId, ...BUYER });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(checkBrCode(res.json().qr_code_data).key, "pix@vitrine.com.br");
  });
});

describe("what may be bought, and by whom", () => {
  test("a hidden model's product, an inactive or unknown product → 404 Produto não encontrado, no order", async () => {
    const hidden = await buildModel(ctx.app, { isActive: false });
    const expired = await buildModel(ctx.app, { validDays: 0 });
    const deleted = await buildModel(ctx.app);
    const products = [
      await buildProduct(ctx.app, hidden),
      await buildProduct(ctx.app, expired),
      await buildProduct(ctx.app, deleted),
      await buildProduct(ctx.app, modelId, { isActive: false }),
      999_999,
    ];
    await updateModel(ctx.app, deleted, { deletedAt: new Date() });
    const before = [await orderCount(), fake.preferences.size];
    for (const url of ["/api/payments/pix", "/api/payments/mp/pix-preference"]) {
      for (const id of products) {
        const res = await post(url, { product_id: id, ...BUYER });
        assert.equal(res.statusCode, 404, `${url} ${id}: ${res.body}`);
        assert.deepEqual(res.json(), { error: "Produto não encontrado", code: "NOT_FOUND" });
      }
    }
    assert.deepEqual([await orderCount(), fake.preferences.size], before);
  });

  test("the buyer's name, e-mail and phone are validated → 400 with the fields", async () => {
    const before = await orderCount();
    for (const url of ["/api/payments/pix", "/api/payments/mp/pix-preference"]) {
      expectValidationError(
        await post(url, {
          product_id: productId,
          customer_name: "J",
          customer_email: "nao-e-email",
          customer_phone: "123",
        }),
        ["customer_name", "customer_email", "customer_phone"],
      );
      expectValidationError(await post(url, { product_id: "abc", ...BUYER }), ["product_id"]);
      expectValidationError(await post(url, { product_id: productId }), [
        "customer_name",
        "customer_email",
        "customer_phone",
      ]);
    }
    assert.equal(await orderCount(), before);
  });

  test(`at most ${ORDERS_PER_MINUTE} orders a minute from one address → 429`, async () => {
    for (const url of ["/api/payments/pix", "/api/payments/mp/pix-preference"]) {
      const address = nextAddress();
      for (let i = 0; i < ORDERS_PER_MINUTE; i++) {
        const res = await post(url, { product_id: productId, ...BUYER }, address);
        assert.equal(res.statusCode, 200, `${url} #${i + 1}: ${res.body}`);
      }
      const before = await orderCount();
      const blocked = await post(url, { product_id: productId, ...BUYER }, address);
      assert.equal(blocked.statusCode, 429, blocked.body);
      assert.equal(blocked.json().code, "RATE_LIMITED");
      assert.equal(await orderCount(), before, "a refused request writes nothing");
      assert.equal((await post(url, { product_id: productId, ...BUYER })).statusCode, 200, "another address may");
    }
  });

  test("an IPv6 client counts by its /64", async () => {
    for (let i = 0; i < ORDERS_PER_MINUTE; i++) {
      const res = await post("/api/payments/pix", { product_id: productId, ...BUYER }, `2001:db8:1:2::${i + 1}`);
      assert.equal(res.statusCode, 200, res.body);
    }
    const blocked = await post("/api/payments/pix", { product_id: productId, ...BUYER }, "2001:db8:1:2:ffff::9");
    assert.equal(blocked.statusCode, 429);
  });
});

describe("POST /api/payments/mp/pix-preference (PIX via Mercado Pago)", () => {
  test("a pending order and a Checkout Pro preference that only takes Pix, at the product's price", async () => {
    const res = await post("/api/payments/mp/pix-preference", { product_id: productId, ...BUYER, amount: 0.01 });
    assert.equal(res.statusCode, 200, res.body);
    const json = res.json();
    const pref = fake.preferences.get(json.preference_id)!;
    assert.equal(json.init_point, pref.init_point);
    const id = json.order_id as number;
    const token = json.order_token as string;
    assert.match(token, /^[0-9a-f]{64}$/);

    assert.deepEqual(pref.body.items, [
      {
        id: `product-${productId}`,
        title: "Ensaio exclusivo - Vitrine Anúncios",
        quantity: 1,
        unit_price: 49.9,
        currency_id: "BRL",
      },
    ]);
    assert.deepEqual(pref.body.payer, { name: "João da Silva", email: "joao@example.com" });
    assert.deepEqual(pref.body.payment_methods?.excluded_payment_types?.map((t) => t.id).sort(), [
      "account_money",
      "credit_card",
      "debit_card",
      "ticket",
    ]);
    assert.deepEqual(pref.body.back_urls, {
      success: `http://loja.vitrine.test/payment/success?order_id=${token}`,
      pending: `http://loja.vitrine.test/payment/success?order_id=${token}`,
      failure: `http://loja.vitrine.test/payment/failure?product_id=${productId}`,
    });
    assert.equal(pref.body.auto_return, "approved");
    assert.equal(pref.body.notification_url, "http://loja.vitrine.test/api/payments/webhook?source_news=webhooks");
    assert.equal(pref.body.external_reference, `order:${id}`);
    assert.equal(pref.body.binary_mode, false, "a Pix waits for the transfer");
    assert.equal(pref.body.expires, true);
    assertAbout(pref.body.expiration_date_to as string, Date.now() + 86_400_000, "expiration_date_to");
    const call = [...fake.calls].reverse().find((c) => c.path === "/checkout/preferences")!;
    assert.equal(call.headers["x-idempotency-key"], `vitrine-order-${id}-preference`);

    const order = await findOrder(id);
    assert.deepEqual(
      [order.status, order.method, order.amountCents, order.productName, order.modelId, order.preferenceId],
      ["pending", "mercadopago_pix", 4990, "Ensaio exclusivo", modelId, json.preference_id],
    );
    assert.equal(order.pixTxid, null);
    assertAbout(order.expiresAt, Date.now() + 86_400_000, "expires_at");
  });

  test("the return address comes from site_url when it is set", async () => {
    await setSetting(ctx.app, "site_url", "https://vitrine.com.br");
    const res = await post("/api/payments/mp/pix-preference", { product_id: productId, ...BUYER });
    assert.equal(res.statusCode, 200, res.body);
    const pref = fake.preferences.get(res.json().preference_id)!;
    assert.equal(
      pref.body.back_urls?.success,
      `https://vitrine.com.br/payment/success?order_id=${res.json().order_token}`,
    );
  });

  test("Mercado Pago answering 500, too slow, or not configured → 503 and no order left", async () => {
    const attempt = async (label: string) => {
      const before = await orderCount();
      const res = await post("/api/payments/mp/pix-preference", { product_id: productId, ...BUYER });
      assert.equal(res.statusCode, 503, `${label}: ${res.body}`);
      assert.deepEqual(res.json(), { error: PAYMENT_PROVIDER_FAILED, code: "PROVIDER_UNAVAILABLE" });
      assert.equal(await orderCount(), before, `${label}: no order left behind`);
    };
    fake.fail({ mode: "error500", times: 1, match: /POST \/checkout\/preferences/ });
    await attempt("500");
    fake.fail({ mode: "timeout", times: 1, match: /POST \/checkout\/preferences/ });
    await attempt("timeout");
    await setSetting(ctx.app, "mp_access_token_test", "");
    await attempt("no access token");
  });
});

describe("GET /api/payments/orders/{token}", () => {
  test("where an order stands, nothing about the buyer; unknown → 404; a bad payment_id → 400", async () => {
    const started = await post("/api/payments/pix", { product_id: productId, ...BUYER });
    const id = started.json().order_id as number;
    const token = started.json().order_token as string;
    const res = await get(`/api/payments/orders/${token}`);
    assert.equal(res.statusCode, 200, res.body);
    const { order } = res.json();
    assert.deepEqual(Object.keys(order).sort(), [
      "amount",
      "created_at",
      "id",
      "method",
      "paid_at",
      "product_id",
      "product_name",
      "status",
    ]);
    assert.deepEqual([order.id, order.status, order.amount, order.method], [id, "pending", 49.9, "pix"]);
    assert.doesNotMatch(res.body, /João|joao@example|987654321/);

    const missing = await get(`/api/payments/orders/${"0".repeat(64)}`);
    assert.equal(missing.statusCode, 404);
    assert.deepEqual(missing.json(), { error: "Pedido não encontrado", code: "NOT_FOUND" });
    expectValidationError(await get(`/api/payments/orders/${token}?payment_id=abc`), ["payment_id"]);
  });

  test("orders are not enumerable: a sequential id, or anything but the order's token, answers 404", async () => {
    const started = await post("/api/payments/pix", { product_id: productId, ...BUYER });
    const id = started.json().order_id as number;
    const token = started.json().order_token as string;
    for (const key of [String(id), "1", String(id - 1), token.toUpperCase(), token.slice(0, 63), `${token}0`, "x"]) {
      const res = await get(`/api/payments/orders/${encodeURIComponent(key)}`);
      assert.equal(res.statusCode, 404, key);
      assert.deepEqual(res.json(), { error: "Pedido não encontrado", code: "NOT_FOUND" });
    }
    const other = (await post("/api/payments/pix", { product_id: productId, ...BUYER })).json();
    assert.notEqual(other.order_token, token, "every order has its own token");
    const rows = await ctx.app.db.select({ token: orders.accessToken }).from(orders);
    assert.equal(new Set(rows.map((r) => r.token)).size, rows.length);
  });

  test("a paid order reads paid", async () => {
    const started = await post("/api/payments/pix", { product_id: productId, ...BUYER });
    const id = started.json().order_id as number;
    const paid = await ctx.as(admin).patch(`/api/admin/orders/${id}/status`, { status: "paid" });
    assert.equal(paid.statusCode, 200, paid.body);
    const res = await get(`/api/payments/orders/${started.json().order_token}?payment_id=123`);
    assert.equal(res.json().order.status, "paid");
    assert.ok(res.json().order.paid_at);
  });

  test("coming back with a payment_id: the order is answered even when Mercado Pago is down", async () => {
    const started = await post("/api/payments/mp/pix-preference", { product_id: productId, ...BUYER });
    const token = started.json().order_token as string;
    fake.fail({ mode: "timeout", times: 1, match: /GET \/v1\/payments/ });
    const calls = fake.calls.length;
    const res = await get(`/api/payments/orders/${token}?payment_id=1000000999`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().order.status, "pending");
    if (!fake.calls.slice(calls).some((c) => c.method === "GET")) {
      // Nothing read the payment (settle.ts not in yet): use up the failure so that later tests are not hit.
      await fetch(`${fake.url}/v1/payments/1`, {
        headers: { authorization: "Bearer x" },
        signal: AbortSignal.timeout(200),
      }).catch(() => undefined);
    }
  });

  test("coming back with the id of an approved payment settles the order (Mercado Pago decides)", async (t) => {
    const provider = await loadProviderSettings(ctx.app.db);
    const placeholder = await settleProviderPayment({
      app: ctx.app,
      client: clientFor(ctx.app, provider)!,
      provider,
      providerPaymentId: "1",
    }).then(
      () => false,
      (err: Error) => /not implemented/.test(err.message),
    );
    if (placeholder) {
      t.skip("settle.ts is still the placeholder");
      return;
    }
    const started = await post("/api/payments/mp/pix-preference", { product_id: productId, ...BUYER });
    const payment = fake.payPreference(started.json().preference_id, "approved");
    const res = await get(`/api/payments/orders/${started.json().order_token}?payment_id=${payment.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().order.status, "paid");
  });
});
