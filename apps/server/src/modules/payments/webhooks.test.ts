import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { signWebhook } from "../../lib/webhook-signature";
import { loginAdmin, setSetting } from "../../test/factories";
import {
  ACCESS_TOKEN,
  modelRow,
  orderRow,
  type PaymentsContext,
  paymentReads,
  paymentRow,
  pendingOrder,
  pendingPlanPayment,
  startPaymentsContext,
} from "./test-support";
import { WEBHOOK_HINTS_PER_MINUTE } from "./webhook-routes";

let p: PaymentsContext;
before(async () => {
  p = await startPaymentsContext();
});
after(() => p.close());

const today = () => todayInSaoPaulo();
const modelHook = () => `${p.base}/api/payments/webhook/model`;
const orderHook = () => `${p.base}/api/payments/webhook`;
const notifyModel = (id: number, opts: { secret?: string } = {}) => p.fake.notify(id, { url: modelHook(), ...opts });

/**
 * Delivers as Mercado Pago does: a 503 (the server could not read the payment in time, e.g. 50 reads at once on a
 * loaded machine) is delivered again, until it is accepted.
 */
async function deliverUntilAccepted(id: number): Promise<number> {
  let status = 0;
  for (let attempt = 0; attempt < 5; attempt++) {
    status = await notifyModel(id);
    if (status !== 503) return status;
  }
  return status;
}

/** A POST to a webhook address over real HTTP, with the given query string and headers. */
async function post(path: string, headers: Record<string, string> = {}, body = '{"action":"payment.updated"}') {
  const res = await fetch(`${p.base}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", ...headers },
    body,
  });
  return { status: res.status, json: (await res.json()) as Record<string, unknown> };
}

/** Headers Mercado Pago would send for `dataId`, signed with `secret`. */
function signed(
  dataId: string,
  secret = p.fake.webhookSecret,
  requestId = "req-1",
  ts = String(Math.floor(Date.now() / 1000)),
) {
  return { "x-signature": signWebhook({ secret, dataId, requestId, ts }), "x-request-id": requestId };
}

describe("an approved plan payment, notified by a signed webhook", () => {
  test("marks the payment paid, extends the plan once, activates the model and tells the live stream", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount, status: "approved" });
    const firstEvent = p.events.length;
    assert.equal(await notifyModel(mp.id), 200);

    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "paid");
    assert.equal(payment.paymentId, String(mp.id));
    assert.equal(payment.providerStatus, "approved");
    assert.ok(payment.providerCheckedAt);
    assert.ok(payment.paidAt);
    assert.ok(payment.appliedAt);
    assert.equal(payment.appliedDays, 30);
    assert.equal(payment.flag, null);
    const model = await modelRow(p, rec.modelId);
    assert.equal(model.nextDueDate, addDays(today(), 30));
    assert.equal(model.isActive, true);
    assert.equal(model.planId, rec.planId);
    assert.ok(model.firstPaidAt);

    const profile = await p.ctx.as(null).get(`/api/models/public/${rec.modelId}`);
    assert.equal(profile.statusCode, 200, profile.body);
    const events = p.events.slice(firstEvent);
    assert.deepEqual(
      events.filter((e) => e.model_id === rec.modelId).map((e) => e.type),
      ["model_status_updated", "model_payment_updated"],
    );
  });

  test("a valid plan is extended from its due date, not from today", async () => {
    const rec = await pendingPlanPayment(p, { model: { isActive: true, validDays: 10 }, periodType: "weekly" });
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(mp.id), 200);
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 17));
  });

  test("with auto_release_on_approved off the plan is extended but the model stays inactive", async () => {
    await setSetting(p.ctx.app, "auto_release_on_approved", "false");
    try {
      const rec = await pendingPlanPayment(p);
      const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
      assert.equal(await notifyModel(mp.id), 200);
      const model = await modelRow(p, rec.modelId);
      assert.equal(model.nextDueDate, addDays(today(), 30));
      assert.equal(model.isActive, false);
      assert.equal((await paymentRow(p, rec.paymentId)).status, "paid");
      // Hidden before and after: nothing the public stream relays, only her own stream's own_payment_updated.
      assert.deepEqual(
        p.events.filter((e) => e.model_id === rec.modelId).map((e) => e.type),
        ["own_payment_updated"],
      );
    } finally {
      await setSetting(p.ctx.app, "auto_release_on_approved", "true");
    }
  });

  test("the same webhook 10 times in sequence and 50 in parallel is applied once", async () => {
    const rec = await pendingPlanPayment(p, { model: { isActive: true, validDays: 5 } });
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    const firstEvent = p.events.length;
    assert.equal(await notifyModel(mp.id), 200);
    const applied = await paymentRow(p, rec.paymentId);
    for (let i = 0; i < 10; i++) assert.equal(await notifyModel(mp.id), 200);
    const statuses = await Promise.all(Array.from({ length: 50 }, () => deliverUntilAccepted(mp.id)));
    assert.deepEqual(new Set(statuses), new Set([200]));

    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 35));
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.appliedAt?.getTime(), applied.appliedAt?.getTime());
    assert.equal(payment.paidAt?.getTime(), applied.paidAt?.getTime());
    assert.equal(payment.appliedDays, 30);
    const mine = p.events.slice(firstEvent).filter((e) => e.model_id === rec.modelId);
    assert.equal(mine.filter((e) => e.type === "model_payment_updated").length, 1);
  });

  test("50 parallel first deliveries still apply it once", async () => {
    const rec = await pendingPlanPayment(p, { model: { isActive: true, validDays: 2 } });
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    const statuses = await Promise.all(Array.from({ length: 50 }, () => deliverUntilAccepted(mp.id)));
    assert.deepEqual(new Set(statuses), new Set([200]));
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 32));
    assert.equal((await paymentRow(p, rec.paymentId)).appliedDays, 30);
  });

  test("out of order: approved then pending leaves it paid", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(mp.id), 200);
    p.fake.setStatus(mp.id, "pending");
    assert.equal(await notifyModel(mp.id), 200);
    p.fake.setStatus(mp.id, "in_process");
    assert.equal(await notifyModel(mp.id), 200);
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "paid");
    assert.equal(payment.providerStatus, "approved", "an older status is not recorded over a newer one");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 30));
  });

  test("pending first, approved later: pending records the provider's status, approved applies it", async () => {
    const rec = await pendingPlanPayment(p, { method: "mercadopago_pix" });
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount, status: "pending" });
    assert.equal(await notifyModel(mp.id), 200);
    let payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "pending");
    assert.equal(payment.providerStatus, "pending");
    assert.equal(payment.paymentId, String(mp.id));
    p.fake.setStatus(mp.id, "approved");
    assert.equal(await notifyModel(mp.id), 200);
    payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "paid");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 30));
  });
});

describe("signatures: a bad or missing one is 401 before anything is read", () => {
  async function expectRefused(send: (mpId: number) => Promise<{ status: number; json?: Record<string, unknown> }>) {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    const readsBefore = paymentReads(p.fake);
    const res = await send(mp.id);
    assert.equal(res.status, 401);
    if (res.json) {
      assert.equal(res.json.code, "UNAUTHENTICATED");
      assert.equal(typeof res.json.error, "string");
    }
    assert.equal(paymentReads(p.fake), readsBefore, "nothing was read at Mercado Pago");
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "pending");
    assert.equal(payment.providerCheckedAt, null);
    assert.equal(payment.paymentId, null);
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, null);
  }

  test("signed with the wrong secret", async () => {
    await expectRefused((id) => notifyModel(id, { secret: "not-the-secret" }).then((status) => ({ status })));
  });

  test("no x-signature at all", async () => {
    await expectRefused((id) => post(`/api/payments/webhook/model?data.id=${id}&type=payment`));
  });

  test("a malformed x-signature", async () => {
    await expectRefused((id) =>
      post(`/api/payments/webhook/model?data.id=${id}&type=payment`, {
        "x-signature": "ts=1,v1=zz",
        "x-request-id": "r",
      }),
    );
  });

  test("a valid signature of another payment id", async () => {
    await expectRefused((id) => post(`/api/payments/webhook/model?data.id=${id}&type=payment`, signed(String(id + 1))));
  });

  test("a signature over another request id", async () => {
    await expectRefused((id) =>
      post(`/api/payments/webhook/model?data.id=${id}&type=payment`, {
        ...signed(String(id), p.fake.webhookSecret, "req-a"),
        "x-request-id": "req-b",
      }),
    );
  });

  test("a valid signature dated more than 5 minutes ago or ahead (seconds or milliseconds)", async () => {
    const seconds = (offsetS: number) => String(Math.floor(Date.now() / 1000) + offsetS);
    const millis = (offsetS: number) => String(Date.now() + offsetS * 1000);
    // 330 s, not 301: a date just past the window ahead comes back inside it while a loaded machine sends the request.
    for (const ts of [seconds(-330), seconds(330), seconds(-86_400), millis(-330), millis(330), "0", "abc"]) {
      await expectRefused((id) =>
        post(`/api/payments/webhook/model?data.id=${id}&type=payment`, signed(String(id), undefined, "req-1", ts)),
      );
    }
  });

  test("a body that is not even JSON is not read: still 401", async () => {
    await expectRefused((id) =>
      post(`/api/payments/webhook?data.id=${id}&type=payment`, { "x-signature": "ts=1,v1=00" }, "{nope"),
    );
  });

  test("no webhook secret configured: every signed notification is refused", async () => {
    await setSetting(p.ctx.app, "mp_webhook_secret", "");
    try {
      await expectRefused((id) => notifyModel(id).then((status) => ({ status })));
      await expectRefused((id) => notifyModel(id, { secret: "" }).then((status) => ({ status })));
    } finally {
      await setSetting(p.ctx.app, "mp_webhook_secret", p.fake.webhookSecret);
    }
  });

  test("a signed notification with any content type or body is accepted; the body is never used", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    const res = await fetch(`${modelHook()}?data.id=${mp.id}&type=payment`, {
      method: "POST",
      headers: { ...signed(String(mp.id)), "content-type": "text/plain" },
      body: `{"data":{"id":"1"},"type":"payment","status":"refunded"`,
    });
    assert.equal(res.status, 200);
    assert.equal((await paymentRow(p, rec.paymentId)).status, "paid");
  });
});

describe("the signature's ts within the tolerance", () => {
  test("4 minutes old in seconds, or now in milliseconds, is accepted and applied", async () => {
    for (const ts of [String(Math.floor(Date.now() / 1000) - 240), String(Date.now())]) {
      const rec = await pendingPlanPayment(p);
      const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
      const res = await post(
        `/api/payments/webhook/model?data.id=${mp.id}&type=payment`,
        signed(String(mp.id), undefined, "r", ts),
      );
      assert.equal(res.status, 200, ts);
      assert.equal((await paymentRow(p, rec.paymentId)).status, "paid", ts);
    }
  });
});

describe("what Mercado Pago charged must match the record", () => {
  test("another amount: not applied, flagged amount_mismatch", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: 0.01 });
    assert.equal(await notifyModel(mp.id), 200);
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "pending");
    assert.equal(payment.flag, "amount_mismatch");
    assert.ok(payment.flaggedAt);
    assert.equal(payment.appliedAt, null);
    assert.equal(payment.providerStatus, "approved");
    const model = await modelRow(p, rec.modelId);
    assert.equal(model.nextDueDate, null);
    assert.equal(model.isActive, false);
  });

  test("a later charge of the right amount pays it and clears the amount_mismatch flag", async () => {
    const rec = await pendingPlanPayment(p);
    const wrong = p.fake.createPayment({ external_reference: rec.ref, amount: 0.01 });
    assert.equal(await notifyModel(wrong.id), 200);
    assert.equal((await paymentRow(p, rec.paymentId)).flag, "amount_mismatch");
    const right = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(right.id), 200);
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "paid");
    assert.equal(payment.flag, null);
    assert.equal(payment.flaggedAt, null);
    const order = await pendingOrder(p);
    const wrongOrder = p.fake.createPayment({ external_reference: order.ref, amount: 1 });
    assert.equal(await p.fake.notify(wrongOrder.id, { url: orderHook() }), 200);
    assert.equal((await orderRow(p, order.id)).flag, "amount_mismatch");
    const rightOrder = p.fake.createPayment({ external_reference: order.ref, amount: order.amount });
    assert.equal(await p.fake.notify(rightOrder.id, { url: orderHook() }), 200);
    const row = await orderRow(p, order.id);
    assert.equal(row.status, "paid");
    assert.equal(row.flag, null);
  });

  test("another currency: not applied, flagged amount_mismatch", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount, currency_id: "USD" });
    assert.equal(await notifyModel(mp.id), 200);
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "pending");
    assert.equal(payment.flag, "amount_mismatch");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, null);
  });

  test("a second approved payment for a record already paid is flagged duplicate, not applied", async () => {
    const rec = await pendingPlanPayment(p);
    const first = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(first.id), 200);
    const second = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(second.id), 200);
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "paid");
    assert.equal(payment.paymentId, String(first.id));
    assert.equal(payment.flag, "duplicate");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 30));
  });
});

describe("rejected, refunded, charged back", () => {
  test("rejected → failed, nothing applied; a later approved attempt on the same checkout pays it", async () => {
    const rec = await pendingPlanPayment(p);
    const rejected = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount, status: "rejected" });
    assert.equal(await notifyModel(rejected.id), 200);
    let payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "failed");
    assert.equal(payment.providerStatus, "rejected");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, null);

    const approved = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(approved.id), 200);
    payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "paid");
    assert.equal(payment.paymentId, String(approved.id));
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 30));
    // The rejected attempt, notified again late, changes nothing.
    assert.equal(await notifyModel(rejected.id), 200);
    assert.equal((await paymentRow(p, rec.paymentId)).status, "paid");
  });

  test("refunded after approval: refunded, days taken back, flagged, hidden again", async () => {
    const rec = await pendingPlanPayment(p, { model: { isActive: true, validDays: 10 } });
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(mp.id), 200);
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 40));
    const paidAt = (await paymentRow(p, rec.paymentId)).paidAt;
    const firstEvent = p.events.length;
    p.fake.refund(mp.id);
    assert.equal(await notifyModel(mp.id), 200);
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "refunded");
    assert.equal(payment.flag, "refunded");
    assert.equal(payment.providerStatus, "refunded");
    assert.equal(payment.appliedAt, null);
    assert.equal(payment.paidAt?.getTime(), paidAt?.getTime(), "a refund keeps when it was paid");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 10));
    assert.ok(p.events.slice(firstEvent).some((e) => e.type === "model_payment_updated" && e.model_id === rec.modelId));
    // Approved again later (a stale read): a refund is final.
    p.fake.setStatus(mp.id, "approved");
    assert.equal(await notifyModel(mp.id), 200);
    assert.equal((await paymentRow(p, rec.paymentId)).status, "refunded");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 10));
  });

  test("the days taken back never go before today", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    assert.equal(await notifyModel(mp.id), 200);
    // Time has passed: only 5 days of the 30 are left.
    await p.ctx.app.db
      .update(models)
      .set({ nextDueDate: addDays(today(), 5) })
      .where(eq(models.id, rec.modelId));
    p.fake.setStatus(mp.id, "charged_back");
    const firstEvent = p.events.length;
    assert.equal(await notifyModel(mp.id), 200);
    assert.deepEqual(
      p.events
        .slice(firstEvent)
        .filter((e) => e.model_id === rec.modelId)
        .map((e) => e.type),
      ["model_status_updated", "model_payment_updated"],
      "she vanishes from open listings",
    );
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "refunded");
    assert.equal(payment.flag, "charged_back");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, today());
    const profile = await p.ctx.as(null).get(`/api/models/public/${rec.modelId}`);
    assert.equal(profile.statusCode, 404, "her plan ends today: hidden");
  });
});

describe("Mercado Pago failing: 503 so that it retries, nothing written", () => {
  test("a 500 from Mercado Pago, then the retry applies it", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    p.fake.fail({ mode: "error500", times: 1, match: /GET \/v1\/payments\// });
    const res = await post(`/api/payments/webhook/model?data.id=${mp.id}&type=payment`, signed(String(mp.id)));
    assert.equal(res.status, 503);
    assert.equal(res.json.code, "PROVIDER_UNAVAILABLE");
    const untouched = await paymentRow(p, rec.paymentId);
    assert.equal(untouched.status, "pending");
    assert.equal(untouched.providerCheckedAt, null);
    assert.equal(untouched.paymentId, null);
    assert.equal(await notifyModel(mp.id), 200);
    assert.equal((await paymentRow(p, rec.paymentId)).status, "paid");
  });

  test("Mercado Pago not answering: 503 after the client's timeout, record unchanged", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    p.fake.fail({ mode: "timeout", times: 1, match: /GET \/v1\/payments\// });
    // A short client timeout for this test alone, as checkout's tests have it: the context's 5 s (the fake's answers
    // wait behind the database's work in this process) would be waited out whole.
    const timeoutMs = p.ctx.app.config.mercadoPagoTimeoutMs;
    p.ctx.app.config.mercadoPagoTimeoutMs = 400;
    const started = Date.now();
    try {
      assert.equal(await notifyModel(mp.id), 503);
    } finally {
      p.ctx.app.config.mercadoPagoTimeoutMs = timeoutMs;
    }
    assert.ok(Date.now() - started < 10_000);
    const untouched = await paymentRow(p, rec.paymentId);
    assert.equal(untouched.status, "pending");
    assert.equal(untouched.providerCheckedAt, null);
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, null);
  });

  test("no access token configured: 503, nothing read", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    await setSetting(p.ctx.app, "mp_access_token_test", "");
    try {
      const reads = paymentReads(p.fake);
      assert.equal(await notifyModel(mp.id), 503);
      assert.equal(paymentReads(p.fake), reads);
    } finally {
      await setSetting(p.ctx.app, "mp_access_token_test", ACCESS_TOKEN);
    }
    assert.equal((await paymentRow(p, rec.paymentId)).status, "pending");
  });
});

describe("notifications that change nothing", () => {
  test("a payment naming no record of ours, or an unknown one: 200, nothing changes", async () => {
    for (const ref of ["model_payment:99999999", "order:99999999", "pedido-123", ""]) {
      const mp = p.fake.createPayment({ external_reference: ref, amount: 59.9 });
      assert.equal(await notifyModel(mp.id), 200, ref);
    }
    const res = await post(`/api/payments/webhook/model?data.id=777&type=payment`, signed("777"));
    assert.equal(res.status, 200, "a payment Mercado Pago does not know");
  });

  test("signed notifications of other topics are acknowledged and ignored", async () => {
    const reads = p.fake.calls.length;
    const res = await post(`/api/payments/webhook?data.id=123&type=merchant_order`, signed("123"));
    assert.equal(res.status, 200);
    assert.equal(p.fake.calls.length, reads);
  });
});

describe("legacy notifications (?topic=…&id=…, unsigned)", () => {
  test("topic=payment is a hint: the payment is re-read and settled", async () => {
    const rec = await pendingPlanPayment(p);
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    const res = await post(`/api/payments/webhook/model?topic=payment&id=${mp.id}`);
    assert.equal(res.status, 200);
    assert.equal((await paymentRow(p, rec.paymentId)).status, "paid");
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 30));
  });

  test("other topics are acknowledged and ignored, nothing read", async () => {
    const calls = p.fake.calls.length;
    assert.equal((await post(`/api/payments/webhook?topic=merchant_order&id=123`)).status, 200);
    assert.equal((await post(`/api/payments/webhook?topic=payment&id=abc`)).status, 200);
    assert.equal(p.fake.calls.length, calls);
  });

  test(`hints are limited to ${WEBHOOK_HINTS_PER_MINUTE} a minute per address; signed ones are not`, async () => {
    const hint = (n: number) =>
      p.ctx.app.inject({
        method: "POST",
        url: `/api/payments/webhook?topic=payment&id=${n}`,
        remoteAddress: "10.9.8.7",
      });
    for (let i = 0; i < WEBHOOK_HINTS_PER_MINUTE; i++) assert.equal((await hint(1)).statusCode, 200);
    const limited = await hint(1);
    assert.equal(limited.statusCode, 429);
    assert.equal(limited.json().code, "RATE_LIMITED");
    const signedRes = await p.ctx.app.inject({
      method: "POST",
      url: `/api/payments/webhook?data.id=1&type=payment`,
      remoteAddress: "10.9.8.7",
      headers: signed("1"),
    });
    assert.equal(signedRes.statusCode, 200);
  });
});

describe("orders", () => {
  test("an approved order is paid and counts as revenue; a pending one does not; a refund leaves revenue", async () => {
    const admin = await loginAdmin(p.ctx.app);
    const revenue = async () => {
      const res = await p.ctx.as(admin).get("/api/admin/dashboard");
      assert.equal(res.statusCode, 200, res.body);
      return Math.round(res.json().stats.totalRevenue * 100) as number;
    };
    const start = await revenue();
    const order = await pendingOrder(p);
    const other = await pendingOrder(p, { amountCents: 10000 });
    const mp = p.fake.createPayment({ external_reference: order.ref, amount: order.amount });
    assert.equal(await p.fake.notify(mp.id, { url: orderHook() }), 200);

    const row = await orderRow(p, order.id);
    assert.equal(row.status, "paid");
    assert.ok(row.paidAt);
    assert.equal(row.paymentId, String(mp.id));
    assert.equal(row.providerStatus, "approved");
    assert.equal((await orderRow(p, other.id)).status, "pending");
    assert.equal((await revenue()) - start, 4990);

    p.fake.refund(mp.id);
    assert.equal(await p.fake.notify(mp.id, { url: orderHook() }), 200);
    const refunded = await orderRow(p, order.id);
    assert.equal(refunded.status, "refunded");
    assert.equal(refunded.flag, "refunded");
    assert.equal((await revenue()) - start, 0);
  });

  test("an order charged another amount stays pending, flagged", async () => {
    const order = await pendingOrder(p);
    const mp = p.fake.createPayment({ external_reference: order.ref, amount: 1 });
    assert.equal(await p.fake.notify(mp.id, { url: orderHook() }), 200);
    const row = await orderRow(p, order.id);
    assert.equal(row.status, "pending");
    assert.equal(row.flag, "amount_mismatch");
  });
});
