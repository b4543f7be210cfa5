import assert from "node:assert/strict";
import { after, before, beforeEach, describe, test } from "node:test";
import { PAYMENT_PROVIDER_FAILED, PROVIDER_PIX_MINUTES } from "@vitrine/contracts";
import { and, count, eq } from "drizzle-orm";
import { auditLog, modelPayments, plans } from "../../db/schema";
import { type FakeMercadoPago, startFakeMercadoPago } from "../../fake-mercadopago/fake-mercadopago";
import { buildModel, buildPayment, buildPlan, setSetting, updateModel } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";

/**
 * A model renewing her plan (Checkout Pro link and Mercado Pago Pix), where her payment stands, and the admin's
 * payment link: through the real routes, against the local fake Mercado Pago.
 */

let fake: FakeMercadoPago;
let admin: string;
let model: { token: string; id: number; email: string; name: string };
let other: { token: string; id: number };

before(async () => {
  fake = await startFakeMercadoPago();
});
const ctx = useTestContext(() => ({ mercadoPagoApiUrl: fake.url, mercadoPagoTimeoutMs: 400 }));
before(async () => {
  admin = await signedInAdmin(ctx);
  const registered = await registeredAdvertiser(ctx, { name: "Ana Paula" });
  model = { token: registered.token, id: registered.id, email: registered.body.email, name: "Ana Paula" };
  other = await registeredAdvertiser(ctx);
});
after(async () => {
  await fake.close();
});
beforeEach(async () => {
  await setSetting(ctx.app, "mp_environment", "sandbox");
  await setSetting(ctx.app, "mp_access_token_test", "TEST-fake-token");
  await setSetting(ctx.app, "mp_binary_mode", "true");
  await setSetting(ctx.app, "site_url", "");
  await setSetting(ctx.app, "backend_url", "");
});

const DAY_MS = 86_400_000;
const paymentsOf = (modelId: number) =>
  ctx.app.db.select().from(modelPayments).where(eq(modelPayments.modelId, modelId));
const paymentCount = async () => (await ctx.app.db.select({ n: count() }).from(modelPayments))[0].n;
const auditCount = async () => (await ctx.app.db.select({ n: count() }).from(auditLog))[0].n;
const lastCall = (signature: string) => [...fake.calls].reverse().find((c) => `${c.method} ${c.path}` === signature);

/** A request with a Host header (the site's address as the browser reached it). */
function post(token: string | null, url: string, body: unknown, host = "vitrine.test") {
  return ctx.app.inject({
    method: "POST",
    url,
    payload: body as object,
    headers: { host, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** Near `expected` (a few seconds either way). */
function assertAbout(actual: Date | string | null | undefined, expected: number, label: string) {
  assert.ok(actual, `${label} is set`);
  const diff = Math.abs(new Date(actual).getTime() - expected);
  assert.ok(
    diff < 10_000,
    `${label}: ${new Date(actual).toISOString()} is not about ${new Date(expected).toISOString()}`,
  );
}

describe("who may start and read plan payments", () => {
  const modelRoutes: Array<[string, string]> = [
    ["POST", "/api/payments/model/subscription"],
    ["POST", "/api/payments/model/pix"],
    ["GET", "/api/payments/model/payments/1"],
  ];

  test("model routes: no token 401, an admin 403; the admin link: no token 401, a model 403", async () => {
    for (const [method, url] of modelRoutes) {
      const anonymous = await ctx.app.inject({
        method: method as "GET",
        url,
        payload: method === "POST" ? {} : undefined,
      });
      assert.equal(anonymous.statusCode, 401, `${method} ${url}`);
      const asAdmin = await ctx.app.inject({
        method: method as "GET",
        url,
        payload: method === "POST" ? {} : undefined,
        headers: { authorization: `Bearer ${admin}` },
      });
      assert.equal(asAdmin.statusCode, 403, `${method} ${url}`);
    }
    const modelId = await buildModel(ctx.app);
    const link = { amount: 100, model_id: modelId };
    assert.equal((await ctx.as(null).post("/api/payments/admin/generate-link", link)).statusCode, 401);
    assert.equal((await ctx.as(model.token).post("/api/payments/admin/generate-link", link)).statusCode, 403);
  });
});

describe("POST /api/payments/model/subscription", () => {
  test("the plan's price, never the body's; the model from the token, never the body", async () => {
    const planId = await buildPlan(ctx.app, { name: "Plano Ouro", priceCents: 7990, periodType: "weekly" });
    const res = await post(model.token, "/api/payments/model/subscription", {
      plan_id: planId,
      amount: 0.01,
      model_id: other.id,
      plan_name: "Plano de um centavo",
      description: "barato",
    });
    assert.equal(res.statusCode, 200, res.body);
    const json = res.json();
    assert.ok(!("sandbox_init_point" in json), "Mercado Pago sent no sandbox_init_point");
    const pref = fake.preferences.get(json.preference_id);
    assert.ok(pref, "the preference reached Mercado Pago");
    assert.equal(json.init_point, pref.init_point);

    assert.deepEqual(pref.body.items, [
      { id: `plan-${planId}`, title: "Plano Ouro - Vitrine", quantity: 1, unit_price: 79.9, currency_id: "BRL" },
    ]);
    assert.deepEqual(pref.body.payer, { name: model.name, email: model.email });
    assert.deepEqual(pref.body.back_urls, {
      success: "http://vitrine.test/dashboard?payment=success",
      pending: "http://vitrine.test/dashboard?payment=pending",
      failure: "http://vitrine.test/payment/failure",
    });
    assert.equal(pref.body.auto_return, "approved");
    assert.equal(pref.body.notification_url, "http://vitrine.test/api/payments/webhook/model?source_news=webhooks");
    assert.equal(pref.body.external_reference, `model_payment:${json.payment_id}`);
    assert.equal(pref.body.binary_mode, true);
    assert.equal(pref.body.expires, true);
    assertAbout(pref.body.expiration_date_to as string, Date.now() + 3 * DAY_MS, "expiration_date_to");
    assertAbout(pref.body.date_of_expiration as string, Date.now() + 3 * DAY_MS, "date_of_expiration");
    const call = lastCall("POST /checkout/preferences");
    assert.equal(call?.headers["x-idempotency-key"], `vitrine-model_payment-${json.payment_id}-preference`);

    assert.deepEqual(await paymentsOf(other.id), [], "nothing for the model named in the body");
    const [row] = await paymentsOf(model.id);
    assert.equal(row.id, json.payment_id);
    assert.equal(row.status, "pending");
    assert.equal(row.method, "mercadopago");
    assert.equal(row.amountCents, 7990);
    assert.equal(row.planId, planId);
    assert.equal(row.planName, "Plano Ouro");
    assert.equal(row.periodType, "weekly");
    assert.equal(row.preferenceId, json.preference_id);
    assert.equal(row.paymentLink, json.init_point);
    assert.equal(row.dueDate, null, "the due date is computed when the payment is applied");
    assert.equal(row.paymentId, null);
    assertAbout(row.expiresAt, Date.now() + 3 * DAY_MS, "expires_at");
  });

  test("without a plan: the highlighted active plan, else the cheapest, else Plano Mensal at 100", async () => {
    await ctx.app.db.update(plans).set({ active: false });
    const start = async () => {
      const res = await post(model.token, "/api/payments/model/subscription", { amount: 1 });
      assert.equal(res.statusCode, 200, res.body);
      const pref = fake.preferences.get(res.json().preference_id)!;
      return { item: pref.body.items[0], paymentId: res.json().payment_id as number };
    };
    const fallback = await start();
    assert.deepEqual(fallback.item, {
      id: `payment-${fallback.paymentId}`,
      title: "Plano Mensal - Vitrine",
      quantity: 1,
      unit_price: 100,
      currency_id: "BRL",
    });
    const [row] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, fallback.paymentId));
    assert.deepEqual(
      [row.planId, row.planName, row.periodType, row.amountCents],
      [null, "Plano Mensal", "monthly", 10000],
    );

    await buildPlan(ctx.app, { name: "Caro", priceCents: 9990 });
    const cheap = await buildPlan(ctx.app, { name: "Barato", priceCents: 3990 });
    await buildPlan(ctx.app, { name: "Inativo", priceCents: 990, active: false, highlight: true });
    assert.equal((await start()).item.id, `plan-${cheap}`);
    const highlighted = await buildPlan(ctx.app, { name: "Destaque", priceCents: 6990, highlight: true });
    const chosen = await start();
    assert.equal(chosen.item.id, `plan-${highlighted}`);
    assert.equal(chosen.item.unit_price, 69.9);
  });

  test("a plan that is not active (or does not exist) → 404, nothing written", async () => {
    const inactive = await buildPlan(ctx.app, { active: false });
    const before = [await paymentCount(), fake.calls.length];
    for (const planId of [inactive, 999_999]) {
      const res = await post(model.token, "/api/payments/model/subscription", { plan_id: planId });
      assert.equal(res.statusCode, 404, res.body);
      assert.deepEqual(res.json(), { error: "Plano não encontrado", code: "NOT_FOUND" });
    }
    expectValidationError(await post(model.token, "/api/payments/model/subscription", { plan_id: "x" }), ["plan_id"]);
    assert.deepEqual([await paymentCount(), fake.calls.length], before);
  });

  test("site_url names the return address, backend_url the notification address; binary mode from settings", async () => {
    await setSetting(ctx.app, "site_url", "https://www.vitrine.com.br/");
    await setSetting(ctx.app, "backend_url", "https://api.vitrine.com.br");
    await setSetting(ctx.app, "mp_binary_mode", "false");
    const res = await post(model.token, "/api/payments/model/subscription", {});
    assert.equal(res.statusCode, 200, res.body);
    const pref = fake.preferences.get(res.json().preference_id)!;
    assert.equal(pref.body.back_urls?.success, "https://www.vitrine.com.br/dashboard?payment=success");
    assert.equal(pref.body.back_urls?.failure, "https://www.vitrine.com.br/payment/failure");
    assert.equal(
      pref.body.notification_url,
      "https://api.vitrine.com.br/api/payments/webhook/model?source_news=webhooks",
    );
    assert.equal(pref.body.binary_mode, false);
  });

  test("PUBLIC_URL, not the request's Host, names the return and notification addresses", async () => {
    await setSetting(ctx.app, "site_url", "https://www.vitrine.com.br");
    await setSetting(ctx.app, "backend_url", "");
    ctx.app.config.publicUrl = "https://publico.vitrine.example";
    try {
      const res = await post(model.token, "/api/payments/model/subscription", {}, "evil.example");
      assert.equal(res.statusCode, 200, res.body);
      const pref = fake.preferences.get(res.json().preference_id)!;
      assert.equal(pref.body.back_urls?.success, "https://publico.vitrine.example/dashboard?payment=success");
      assert.equal(
        pref.body.notification_url,
        "https://publico.vitrine.example/api/payments/webhook/model?source_news=webhooks",
      );
      assert.doesNotMatch(JSON.stringify(pref.body), /evil\.example/);
    } finally {
      ctx.app.config.publicUrl = "";
      await setSetting(ctx.app, "site_url", "");
    }
  });

  test("in production with no origin configured a checkout is refused, never sent to the request's Host", async () => {
    await setSetting(ctx.app, "site_url", "");
    ctx.app.config.requestHostFallback = false;
    try {
      const before = fake.calls.length;
      const res = await post(model.token, "/api/payments/model/subscription", {}, "evil.example");
      assert.equal(res.statusCode, 500);
      assert.equal(res.json().code, "INTERNAL_ERROR");
      assert.equal(fake.calls.length, before, "nothing sent to Mercado Pago");
    } finally {
      ctx.app.config.requestHostFallback = true;
    }
  });

  test("Mercado Pago answering 500, too slow, or not configured → 503 PROVIDER_UNAVAILABLE and no payment left", async () => {
    const expect503 = async (label: string) => {
      const before = await paymentCount();
      const res = await post(model.token, "/api/payments/model/subscription", {});
      assert.equal(res.statusCode, 503, `${label}: ${res.body}`);
      assert.deepEqual(res.json(), { error: PAYMENT_PROVIDER_FAILED, code: "PROVIDER_UNAVAILABLE" });
      assert.equal(await paymentCount(), before, `${label}: no payment left behind`);
    };
    fake.fail({ mode: "error500", times: 1, match: /POST \/checkout\/preferences/ });
    await expect503("500");
    fake.fail({ mode: "timeout", times: 1, match: /POST \/checkout\/preferences/ });
    await expect503("timeout");
    await setSetting(ctx.app, "mp_access_token_test", "");
    const calls = fake.calls.length;
    await expect503("no access token");
    assert.equal(fake.calls.length, calls, "Mercado Pago is not called without a token");
    // The production token does not serve the sandbox environment.
    await setSetting(ctx.app, "mp_access_token_prod", "APP_USR-prod");
    await expect503("only a production token");
    await setSetting(ctx.app, "mp_environment", "production");
    const res = await post(model.token, "/api/payments/model/subscription", {});
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(lastCall("POST /checkout/preferences")?.headers.authorization, "Bearer APP_USR-prod");
    await setSetting(ctx.app, "mp_access_token_prod", "");
  });
});

describe("POST /api/payments/model/pix", () => {
  test("a Mercado Pago Pix of the plan's price, payable for 30 minutes, with our own QR image", async () => {
    const planId = await buildPlan(ctx.app, { name: "Plano Prata", priceCents: 5990 });
    const res = await post(model.token, "/api/payments/model/pix", { plan_id: planId, amount: 0.01 });
    assert.equal(res.statusCode, 200, res.body);
    const json = res.json();
    const [row] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, json.payment_id));
    assert.ok(row.paymentId, "Mercado Pago's payment id is stored");
    const charge = fake.payments.get(Number(row.paymentId))!;
    assert.equal(charge.transaction_amount, 59.9);
    assert.equal(charge.external_reference, `model_payment:${row.id}`);
    assert.equal(charge.notification_url, "http://vitrine.test/api/payments/webhook/model?source_news=webhooks");
    const data = charge.point_of_interaction!.transaction_data;

    assert.equal(json.qr_code_data, data.qr_code);
    assert.match(json.qr_code, /^data:image\/png;base64,/);
    assert.notEqual(json.qr_code, `data:image/png;base64,${data.qr_code_base64}`, "drawn by us from the code");
    assert.equal(json.amount, 59.9);
    assert.equal(json.plan_name, "Plano Prata");
    assert.equal(json.ticket_url, data.ticket_url);
    assertAbout(json.expires_at, Date.now() + PROVIDER_PIX_MINUTES * 60_000, "expires_at");

    const call = lastCall("POST /v1/payments")!;
    assert.equal(call.headers["x-idempotency-key"], `vitrine-model_payment-${row.id}-pix`);
    const body = call.body as { payment_method_id: string; payer: { email: string }; date_of_expiration: string };
    assert.equal(body.payment_method_id, "pix");
    assert.equal(body.payer.email, model.email);
    assertAbout(body.date_of_expiration, Date.now() + PROVIDER_PIX_MINUTES * 60_000, "date_of_expiration");

    assert.equal(row.modelId, model.id);
    assert.equal(row.method, "mercadopago_pix");
    assert.equal(row.status, "pending");
    assert.equal(row.amountCents, 5990);
    assert.equal(row.planName, "Plano Prata");
    assert.equal(row.pixPayload, data.qr_code);
    assert.equal(row.expiresAt?.toISOString(), json.expires_at);
  });

  test("the plan she chose in the renewal dialog: an active one is charged, not the highlighted; an inactive → 404", async () => {
    await buildPlan(ctx.app, { name: "Plano em Destaque", priceCents: 9990, highlight: true });
    const chosen = await buildPlan(ctx.app, {
      name: "Plano Semanal Escolhido",
      priceCents: 2990,
      periodType: "weekly",
    });
    const res = await post(model.token, "/api/payments/model/pix", { plan_id: chosen });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual([res.json().plan_name, res.json().amount], ["Plano Semanal Escolhido", 29.9]);

    const inactive = await buildPlan(ctx.app, { name: "Plano Antigo", priceCents: 990, active: false });
    const before = await paymentCount();
    const refused = await post(model.token, "/api/payments/model/pix", { plan_id: inactive });
    assert.equal(refused.statusCode, 404, refused.body);
    assert.deepEqual(refused.json(), { error: "Plano não encontrado", code: "NOT_FOUND" });
    assert.equal(await paymentCount(), before, "nothing written for a plan she may not buy");
  });

  test("Mercado Pago failing or too slow → 503 and no payment left", async () => {
    for (const mode of ["error500", "timeout"] as const) {
      const before = await paymentCount();
      fake.fail({ mode, times: 1, match: /POST \/v1\/payments/ });
      const res = await post(model.token, "/api/payments/model/pix", {});
      assert.equal(res.statusCode, 503, res.body);
      assert.equal(res.json().code, "PROVIDER_UNAVAILABLE");
      assert.equal(await paymentCount(), before, mode);
    }
  });
});

describe("GET /api/payments/model/payments/{id}", () => {
  test("her own payment; another model's or an unknown one → 404", async () => {
    const started = await post(model.token, "/api/payments/model/pix", {});
    assert.equal(started.statusCode, 200, started.body);
    const id = started.json().payment_id as number;

    const res = await ctx.as(model.token).get(`/api/payments/model/payments/${id}`);
    assert.equal(res.statusCode, 200, res.body);
    const { payment } = res.json();
    assert.equal(payment.id, id);
    assert.equal(payment.status, "pending");
    assert.equal(payment.method, "mercadopago_pix");
    assert.equal(payment.expires_at, started.json().expires_at);
    assert.equal(payment.paid_at, null);
    assert.equal(typeof payment.amount, "number");

    for (const [token, url] of [
      [other.token, `/api/payments/model/payments/${id}`],
      [model.token, "/api/payments/model/payments/999999"],
    ] as const) {
      const missing = await ctx.as(token).get(url);
      assert.equal(missing.statusCode, 404, url);
      assert.deepEqual(missing.json(), { error: "Pagamento não encontrado", code: "NOT_FOUND" });
    }
    expectValidationError(await ctx.as(model.token).get("/api/payments/model/payments/abc"), ["id"]);
  });

  test("a paid payment reads paid (no call to Mercado Pago)", async () => {
    const id = await buildPayment(ctx.app, { modelId: model.id, method: "mercadopago", status: "paid" });
    const calls = fake.calls.length;
    const res = await ctx.as(model.token).get(`/api/payments/model/payments/${id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().payment.status, "paid");
    assert.ok(res.json().payment.paid_at);
    assert.equal(fake.calls.length, calls);
  });

  test("a pending payment is still answered when Mercado Pago is down", async () => {
    const started = await post(model.token, "/api/payments/model/pix", {});
    const id = started.json().payment_id as number;
    const calls = fake.calls.length;
    fake.fail({ mode: "error500", times: 1, match: /GET \/v1\/payments/ });
    const res = await ctx.as(model.token).get(`/api/payments/model/payments/${id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().payment.status, "pending");
    if (!fake.calls.slice(calls).some((c) => c.method === "GET")) {
      // Nothing read the payment (the re-read is a hint): use up the failure so that later tests are not hit.
      await (await fetch(`${fake.url}/v1/payments/1`, { headers: { authorization: "Bearer x" } })).arrayBuffer();
    }
  });
});

describe("POST /api/payments/admin/generate-link", () => {
  test("a pending mercadopago payment of the admin's amount, its link and one audit row", async () => {
    const modelId = await buildModel(ctx.app, { name: "Bianca" });
    const planId = await buildPlan(ctx.app, { name: "Plano Anual", priceCents: 99000, periodType: "yearly" });
    const audits = await auditCount();
    const res = await post(admin, "/api/payments/admin/generate-link", {
      amount: "150,00",
      model_id: modelId,
      plan_id: planId,
      description: "Renovação anual",
    });
    assert.equal(res.statusCode, 200, res.body);
    const json = res.json();
    assert.deepEqual(Object.keys(json).sort(), ["init_point", "payment_id", "preference_id"]);
    const pref = fake.preferences.get(json.preference_id)!;
    assert.equal(json.init_point, pref.init_point);
    assert.deepEqual(pref.body.items, [
      { id: `plan-${planId}`, title: "Plano Anual - Vitrine", quantity: 1, unit_price: 150, currency_id: "BRL" },
    ]);
    assert.equal(pref.body.payer?.name, "Bianca");
    assert.equal(pref.body.external_reference, `model_payment:${json.payment_id}`);
    assert.equal(pref.body.notification_url, "http://vitrine.test/api/payments/webhook/model?source_news=webhooks");
    assert.equal(pref.body.back_urls?.success, "http://vitrine.test/dashboard?payment=success");

    const [row] = await paymentsOf(modelId);
    assert.equal(row.id, json.payment_id);
    assert.deepEqual(
      [row.status, row.method, row.amountCents, row.planId, row.planName, row.periodType, row.description],
      ["pending", "mercadopago", 15000, planId, "Plano Anual", "yearly", "Renovação anual"],
    );
    assert.equal(row.paymentLink, json.init_point);
    assert.equal(row.preferenceId, json.preference_id);
    assertAbout(row.expiresAt, Date.now() + 3 * DAY_MS, "expires_at");

    assert.equal((await auditCount()) - audits, 1);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "model_payment"), eq(auditLog.targetId, String(row.id))));
    assert.equal(audit.action, "payment.link");
    assert.deepEqual((audit.changes as Record<string, unknown>).amount_cents, 15000);
  });

  test("without a plan the description names the item", async () => {
    const modelId = await buildModel(ctx.app);
    const res = await post(admin, "/api/payments/admin/generate-link", { amount: 100, model_id: modelId });
    assert.equal(res.statusCode, 200, res.body);
    const pref = fake.preferences.get(res.json().preference_id)!;
    assert.equal(pref.body.items[0].title, "Pagamento - Vitrine");
    assert.equal(pref.body.items[0].unit_price, 100);
    const [row] = await paymentsOf(modelId);
    assert.deepEqual([row.planId, row.planName, row.periodType], [null, null, null]);
  });

  test("Mercado Pago failing, too slow or not configured → 503 with the link text; no payment, no audit row", async () => {
    const modelId = await buildModel(ctx.app);
    const attempt = async (label: string) => {
      const before = [await paymentCount(), await auditCount()];
      const res = await post(admin, "/api/payments/admin/generate-link", { amount: 100, model_id: modelId });
      assert.equal(res.statusCode, 503, `${label}: ${res.body}`);
      assert.deepEqual(res.json(), { error: "Erro ao gerar link de pagamento", code: "PROVIDER_UNAVAILABLE" });
      assert.deepEqual([await paymentCount(), await auditCount()], before, label);
    };
    fake.fail({ mode: "error500", times: 1, match: /POST \/checkout\/preferences/ });
    await attempt("500");
    fake.fail({ mode: "timeout", times: 1, match: /POST \/checkout\/preferences/ });
    await attempt("timeout");
    await setSetting(ctx.app, "mp_access_token_test", "");
    await attempt("no access token");
    assert.deepEqual(await paymentsOf(modelId), []);
  });

  test("an unknown or deleted model, an unknown plan → 404; a bad amount → 400; nothing written", async () => {
    const deleted = await buildModel(ctx.app);
    await updateModel(ctx.app, deleted, { deletedAt: new Date() });
    const modelId = await buildModel(ctx.app);
    const before = [await paymentCount(), await auditCount()];
    for (const body of [
      { amount: 100, model_id: 999_999 },
      { amount: 100, model_id: deleted },
      { amount: 100, model_id: modelId, plan_id: 999_999 },
    ]) {
      const res = await post(admin, "/api/payments/admin/generate-link", body);
      assert.equal(res.statusCode, 404, res.body);
    }
    expectValidationError(await post(admin, "/api/payments/admin/generate-link", { amount: 0, model_id: modelId }), [
      "amount",
    ]);
    assert.deepEqual([await paymentCount(), await auditCount()], before);
  });
});
