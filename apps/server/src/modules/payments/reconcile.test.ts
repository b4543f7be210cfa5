import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { eq, inArray } from "drizzle-orm";
import { modelPayments, orders } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { ProviderError } from "../../lib/mercadopago";
import { buildModel, buildOrder, buildPayment, setSetting } from "../../test/factories";
import { reconcilePending, reconcileRecord } from "./service";
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

let p: PaymentsContext;
before(async () => {
  p = await startPaymentsContext();
});
after(() => p.close());

const today = () => todayInSaoPaulo();
const HOUR = 3_600_000;

describe("reconcileRecord", () => {
  test("a Pix payment Mercado Pago approved but never notified is applied, once", async () => {
    const mp = p.fake.createPayment({ external_reference: "placeholder", amount: 59.9, status: "pending" });
    const rec = await pendingPlanPayment(p, { method: "mercadopago_pix", paymentId: String(mp.id) });
    mp.external_reference = rec.ref;
    let outcome = await reconcileRecord({ app: p.ctx.app, ref: { kind: "model_payment", id: rec.paymentId } });
    assert.deepEqual(outcome, {
      ref: { kind: "model_payment", id: rec.paymentId },
      status: "pending",
      changed: false,
      flag: null,
    });
    assert.ok((await paymentRow(p, rec.paymentId)).providerCheckedAt);

    p.fake.setStatus(mp.id, "approved");
    const firstEvent = p.events.length;
    outcome = await reconcileRecord({ app: p.ctx.app, ref: { kind: "model_payment", id: rec.paymentId } });
    assert.equal(outcome.status, "paid");
    assert.equal(outcome.changed, true);
    outcome = await reconcileRecord({ app: p.ctx.app, ref: { kind: "model_payment", id: rec.paymentId } });
    assert.equal(outcome.changed, false);
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 30));
    assert.equal((await paymentRow(p, rec.paymentId)).appliedDays, 30);
    assert.ok(p.events.slice(firstEvent).some((e) => e.type === "model_payment_updated" && e.model_id === rec.modelId));
  });

  test("a checkout with no payment id is searched: every attempt settled, oldest first", async () => {
    const rec = await pendingPlanPayment(p);
    const rejected = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount, status: "rejected" });
    const approved = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    const outcome = await reconcileRecord({ app: p.ctx.app, ref: { kind: "model_payment", id: rec.paymentId } });
    assert.equal(outcome.status, "paid");
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.paymentId, String(approved.id));
    assert.notEqual(payment.paymentId, String(rejected.id));
    assert.equal((await modelRow(p, rec.modelId)).nextDueDate, addDays(today(), 30));
  });

  test("a record whose attempt failed is searched again: a later attempt that went through pays it", async () => {
    const order = await pendingOrder(p);
    const rejected = p.fake.createPayment({ external_reference: order.ref, amount: order.amount, status: "rejected" });
    await reconcileRecord({ app: p.ctx.app, ref: { kind: "order", id: order.id } });
    assert.equal((await orderRow(p, order.id)).status, "failed");
    assert.equal((await orderRow(p, order.id)).paymentId, String(rejected.id));
    const approved = p.fake.createPayment({ external_reference: order.ref, amount: order.amount });
    const outcome = await reconcileRecord({ app: p.ctx.app, ref: { kind: "order", id: order.id } });
    assert.equal(outcome.status, "paid");
    assert.equal((await orderRow(p, order.id)).paymentId, String(approved.id));
  });

  test("nothing at Mercado Pago yet: unchanged, but checked", async () => {
    const order = await pendingOrder(p);
    const outcome = await reconcileRecord({ app: p.ctx.app, ref: { kind: "order", id: order.id } });
    assert.deepEqual(outcome, { ref: { kind: "order", id: order.id }, status: "pending", changed: false, flag: null });
    assert.ok((await orderRow(p, order.id)).providerCheckedAt);
  });

  test("an unknown record answers no ref", async () => {
    const outcome = await reconcileRecord({ app: p.ctx.app, ref: { kind: "order", id: 99_999_999 } });
    assert.equal(outcome.ref, null);
  });

  test("Mercado Pago failing: the ProviderError reaches the caller, the record is untouched", async () => {
    const order = await pendingOrder(p);
    p.fake.fail({ mode: "error500", times: 1, match: /GET \/v1\/payments\/search/ });
    await assert.rejects(
      reconcileRecord({ app: p.ctx.app, ref: { kind: "order", id: order.id } }),
      (err: unknown) => err instanceof ProviderError,
    );
    assert.equal((await orderRow(p, order.id)).providerCheckedAt, null);
  });
});

describe("reconcilePending (for the jobs)", () => {
  /** Clears every other open record so that each test counts only its own. */
  async function closeOthers() {
    await p.ctx.app.db
      .update(modelPayments)
      .set({ status: "failed" })
      .where(inArray(modelPayments.status, ["pending", "cancelled"]));
    await p.ctx.app.db
      .update(orders)
      .set({ status: "failed" })
      .where(inArray(orders.status, ["pending", "cancelled"]));
  }

  test("re-reads pending provider records of the last 24 h not checked in the last 5 minutes", async () => {
    await closeOthers();
    const now = new Date();
    // Applied by reconciliation: known to Mercado Pago as approved, never notified.
    const plan = await pendingPlanPayment(p);
    p.fake.createPayment({ external_reference: plan.ref, amount: plan.amount });
    const order = await pendingOrder(p);
    p.fake.createPayment({ external_reference: order.ref, amount: order.amount });
    // Cancelled by the jobs at its deadline, but paid in its last seconds and never notified: still applied.
    const late = await pendingOrder(p);
    await p.ctx.app.db.update(orders).set({ status: "cancelled" }).where(eq(orders.id, late.id));
    p.fake.createPayment({ external_reference: late.ref, amount: late.amount });
    // Still pending at Mercado Pago: checked, unchanged.
    const waiting = await pendingOrder(p);
    // Skipped: too old, checked a minute ago, not a provider method, no provider id or preference.
    const old = await pendingPlanPayment(p);
    await p.ctx.app.db
      .update(modelPayments)
      .set({ createdAt: new Date(now.getTime() - 25 * HOUR) })
      .where(eq(modelPayments.id, old.paymentId));
    p.fake.createPayment({ external_reference: old.ref, amount: old.amount });
    const recent = await pendingPlanPayment(p);
    await p.ctx.app.db
      .update(modelPayments)
      .set({ providerCheckedAt: new Date(now.getTime() - 60_000) })
      .where(eq(modelPayments.id, recent.paymentId));
    p.fake.createPayment({ external_reference: recent.ref, amount: recent.amount });
    const manualModel = await buildModel(p.ctx.app);
    const manual = await buildPayment(p.ctx.app, {
      modelId: manualModel,
      method: "pix_emv",
      status: "pending",
      paidAt: null,
      paymentId: "E12345678202611221200abcdef",
    });
    const manualOrder = await buildOrder(p.ctx.app, { method: "pix", pixTxid: "PED1" });
    const bare = await buildOrder(p.ctx.app, { method: "mercadopago_pix" });

    const counts = await reconcilePending({ app: p.ctx.app, now });
    assert.deepEqual(counts, { checked: 4, changed: 3, failed: 0, skipped: false });
    assert.equal((await orderRow(p, late.id)).status, "paid");
    assert.equal((await paymentRow(p, plan.paymentId)).status, "paid");
    assert.equal((await modelRow(p, plan.modelId)).nextDueDate, addDays(today(), 30));
    assert.equal((await orderRow(p, order.id)).status, "paid");
    assert.equal((await orderRow(p, waiting.id)).status, "pending");
    assert.equal((await paymentRow(p, old.paymentId)).status, "pending");
    assert.equal((await paymentRow(p, recent.paymentId)).status, "pending");
    assert.equal((await paymentRow(p, manual)).providerCheckedAt, null);
    assert.equal((await orderRow(p, manualOrder)).providerCheckedAt, null);
    assert.equal((await orderRow(p, bare)).providerCheckedAt, null);

    // A run right after finds everything checked within 5 minutes.
    const reads = paymentReads(p.fake);
    assert.deepEqual(await reconcilePending({ app: p.ctx.app, now }), {
      checked: 0,
      changed: 0,
      failed: 0,
      skipped: false,
    });
    assert.equal(paymentReads(p.fake), reads);
    // Six minutes later the still-pending ones are read again.
    const later = await reconcilePending({ app: p.ctx.app, now: new Date(now.getTime() + 6 * 60_000) });
    assert.equal(later.checked, 2, "the waiting order and the one checked a minute before");
    assert.equal((await paymentRow(p, recent.paymentId)).status, "paid");
  });

  test("Mercado Pago failing stops the run at the first failure; the next run retries", async () => {
    await closeOthers();
    const first = await pendingOrder(p);
    const second = await pendingOrder(p);
    p.fake.createPayment({ external_reference: first.ref, amount: first.amount });
    p.fake.createPayment({ external_reference: second.ref, amount: second.amount });
    p.fake.fail({ mode: "error500", times: 1, match: /GET \/v1\/payments/ });
    const now = new Date();
    const { error, ...failedRun } = await reconcilePending({ app: p.ctx.app, now });
    assert.deepEqual(failedRun, { checked: 0, changed: 0, failed: 1, skipped: false });
    assert.ok(error instanceof ProviderError);
    assert.match(error.message, /^Mercado Pago respondeu 500/);
    assert.deepEqual(await reconcilePending({ app: p.ctx.app, now }), {
      checked: 2,
      changed: 2,
      failed: 0,
      skipped: false,
    });
  });

  test("no access token configured: nothing read, skipped", async () => {
    await closeOthers();
    await pendingOrder(p);
    await setSetting(p.ctx.app, "mp_access_token_test", "");
    try {
      const reads = p.fake.calls.length;
      assert.deepEqual(await reconcilePending({ app: p.ctx.app, now: new Date() }), {
        checked: 0,
        changed: 0,
        failed: 0,
        skipped: true,
      });
      assert.equal(p.fake.calls.length, reads);
    } finally {
      await setSetting(p.ctx.app, "mp_access_token_test", ACCESS_TOKEN);
    }
  });
});
