import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { loginAdmin, setSetting } from "../../test/factories";
import { reconcileRecord } from "./reconcile";
import { modelRow, type PaymentsContext, paymentRow, pendingPlanPayment, startPaymentsContext } from "./test-support";

/**
 * "A plan payment was paid" is one rule (markPlanPaymentPaid) whichever path learns of it: the signed webhook,
 * the reconciliation, the admin's status change. Each path gives the model the due date and the plan; racing
 * paths apply the payment once.
 */

let p: PaymentsContext;
let admin: string;
before(async () => {
  p = await startPaymentsContext();
  admin = await loginAdmin(p.ctx.app);
});
after(() => p.close());

const today = () => todayInSaoPaulo();
const modelHook = () => `${p.base}/api/payments/webhook/model`;
const markPaid = (paymentId: number) =>
  p.ctx.as(admin).patch(`/api/admin/model-payments/${paymentId}/status`, { status: "paid" });

describe("a plan payment was paid", () => {
  test("the admin's status change gives the model the payment's plan and due date, like a webhook", async () => {
    const rec = await pendingPlanPayment(p, { model: { isActive: true, validDays: 3 } });
    const res = await markPaid(rec.paymentId);
    assert.equal(res.statusCode, 200, res.body);
    const model = await modelRow(p, rec.modelId);
    assert.equal(model.planId, rec.planId);
    assert.equal(model.nextDueDate, addDays(today(), 33));
    assert.equal(model.isActive, true);
  });

  test("the admin's status change never activates: only the quick payment or a provider's approval do", async () => {
    const rec = await pendingPlanPayment(p);
    assert.equal((await markPaid(rec.paymentId)).statusCode, 200);
    const model = await modelRow(p, rec.modelId);
    assert.equal(model.isActive, false);
    assert.equal(model.nextDueDate, addDays(today(), 30));
  });

  test("webhooks, reconciliations and admin status changes racing apply it once, with the exact amount", async () => {
    await setSetting(p.ctx.app, "auto_release_on_approved", "true");
    const rec = await pendingPlanPayment(p, { amountCents: 12_345 });
    const mp = p.fake.createPayment({ external_reference: rec.ref, amount: rec.amount });
    const ref = { kind: "model_payment" as const, id: rec.paymentId };
    const calls = Array.from({ length: 24 }, (_, i) => {
      if (i % 3 === 0) return p.fake.notify(mp.id, { url: modelHook() });
      if (i % 3 === 1) return reconcileRecord({ app: p.ctx.app, ref }).then(() => 200);
      return markPaid(rec.paymentId).then((r) => r.statusCode);
    });
    const statuses = await Promise.all(calls);
    // A webhook that could not read the payment in time (the machine under load) answers 503: Mercado Pago retries.
    assert.ok(
      statuses.every((s) => s === 200 || s === 503),
      String(statuses),
    );
    const payment = await paymentRow(p, rec.paymentId);
    assert.equal(payment.status, "paid");
    assert.equal(payment.amountCents, 12_345);
    assert.equal(payment.appliedDays, 30);
    const model = await modelRow(p, rec.modelId);
    assert.equal(model.nextDueDate, addDays(today(), 30), "30 days, once");
    assert.equal(model.planId, rec.planId);
  });
});
