// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { startFakeMercadoPago, type FakeMercadoPago } from "../fake-mercadopago/fake-mercadopago";
import { createMercadoPagoClient, mpDate, ProviderError } from "./mercadopago";
import { parseSignatureHeader, signWebhook, verifyWebhookSignature } from "./webhook-signature";

describe("Mercado Pago client against the local fake", () => {
  let fake: FakeMercadoPago;
  before(async () => {
    fake = await startFakeMercadoPago({ accessTokens: ["TEST-token"] });
  });
  after(() => fake.close());
  const client = (token = "TEST-token", timeoutMs = 2000) =>
    createMercadoPagoClient({ baseUrl: fake.url, accessToken: token, timeoutMs });

  const preference = {
    items: [{ id: "plan-1", title: "Plano Mensal", quantity: 1, unit_price: 59.9, currency_id: "BRL" as const }],
    back_urls: { success: "http://site/ok", failure: "http://site/fail" },
    auto_return: "approved" as const,
    notification_url: "http://site/api/payments/webhook/model?source_news=webhooks",
    external_reference: "model_payment:1",
    binary_mode: true,
  };

  it("creates a preference once per idempotency key, with bearer token and key headers", async () => {
    const a = await client().createPreference(preference, "vitrine-model_payment-1-preference");
    const b = await client().createPreference(preference, "vitrine-model_payment-1-preference");
    assert.equal(a.id, b.id);
    assert.match(a.init_point, /\/checkout\/v1\/redirect\?pref_id=/);
    const call = fake.calls.find((c) => c.path === "/checkout/preferences")!;
    assert.equal(call.headers.authorization, "Bearer TEST-token");
    assert.equal(call.headers["x-idempotency-key"], "vitrine-model_payment-1-preference");
    assert.equal(fake.preferences.size, 1);
  });

  it("creates a Pix payment and reads it back; search by external_reference", async () => {
    const pix = await client().createPixPayment(
      {
        transaction_amount: 59.9,
        description: "Plano Mensal",
        payment_method_id: "pix",
        payer: { email: "m@example.com" },
        external_reference: "model_payment:2",
        notification_url: "http://site/hook",
        date_of_expiration: mpDate(new Date(Date.now() + 30 * 60_000)),
      },
      "vitrine-model_payment-2-pix",
    );
    assert.equal(pix.status, "pending");
    assert.ok(pix.point_of_interaction?.transaction_data?.qr_code);
    const read = await client().getPayment(pix.id);
    assert.equal(read?.external_reference, "model_payment:2");
    assert.equal(read?.transaction_amount, 59.9);
    const found = await client().searchPayments("model_payment:2");
    assert.deepEqual(
      found.map((p) => p.id),
      [pix.id],
    );
    assert.equal(await client().getPayment("999"), null);
  });

  it("turns a refused token, a 500 and a timeout into ProviderError", async () => {
    await assert.rejects(client("wrong").getPayment("1"), (e) => e instanceof ProviderError && e.status === 401);
    fake.fail({ mode: "error500", times: 1 });
    await assert.rejects(client().getPayment("1"), (e) => e instanceof ProviderError && e.status === 500);
    fake.fail({ mode: "timeout", times: 1 });
    const started = Date.now();
    await assert.rejects(
      client("TEST-token", 300).getPayment("1"),
      (e) => e instanceof ProviderError && e.reason === "timeout",
    );
    assert.ok(Date.now() - started < 2000);
  });
});

describe("the fake Mercado Pago", () => {
  it("refuses to start in production", async () => {
    const previous = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await assert.rejects(startFakeMercadoPago(), /NODE_ENV=production/);
    } finally {
      if (previous === undefined) delete process.env.NODE_ENV;
      else process.env.NODE_ENV = previous;
    }
  });
});

describe("webhook signature", () => {
  const secret = "s3cret";
  it("verifies what it signs and nothing else", () => {
    const header = signWebhook({ secret, dataId: "123", requestId: "req-1", ts: "1704908010" });
    assert.deepEqual(parseSignatureHeader(header)?.ts, "1704908010");
    const ok = { secret, header, requestId: "req-1", dataId: "123" };
    assert.equal(verifyWebhookSignature(ok), true);
    assert.equal(verifyWebhookSignature({ ...ok, dataId: "124" }), false);
    assert.equal(verifyWebhookSignature({ ...ok, requestId: "req-2" }), false);
    assert.equal(verifyWebhookSignature({ ...ok, secret: "other" }), false);
    assert.equal(verifyWebhookSignature({ ...ok, header: undefined }), false);
    assert.equal(verifyWebhookSignature({ ...ok, header: "ts=1,v1=zz" }), false);
    assert.equal(verifyWebhookSignature({ ...ok, secret: "" }), false);
  });
  it("matches Mercado Pago's documented manifest (id;request-id;ts; with HMAC-SHA256 hex)", async () => {
    const { createHmac } = await import("node:crypto");
    const v1 = createHmac("sha256", secret).update("id:42;request-id:abc;ts:1700000000;").digest("hex");
    assert.equal(
      verifyWebhookSignature({ secret, header: `ts=1700000000,v1=${v1}`, requestId: "abc", dataId: "42" }),
      true,
    );
    const noRequestId = createHmac("sha256", secret).update("id:42;ts:1700000000;").digest("hex");
    assert.equal(
      verifyWebhookSignature({ secret, header: `ts=1700000000,v1=${noRequestId}`, requestId: undefined, dataId: "42" }),
      true,
    );
  });
});
