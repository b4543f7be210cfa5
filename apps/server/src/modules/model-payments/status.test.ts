import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import type { ModelPayment } from "@vitrine/contracts";
import { eq, sql } from "drizzle-orm";
import { modelPayments, models, orders } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { serverRoot } from "../../lib/server-root";
import { captureEvents, expectOneAuditRow } from "../../test/admin-support";
import { buildModel, buildOrder, buildPayment, updateModel } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
before(async () => {
  admin = await signedInAdmin(ctx);
});

const dueIn = (days: number) => addDays(todayInSaoPaulo(), days);

async function modelRow(id: number) {
  const [row] = await ctx.app.db.select().from(models).where(eq(models.id, id));
  return row;
}
async function paymentRow(id: number) {
  const [row] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, id));
  return row;
}
/** A pending payment created through the route (so it carries what the route stores). */
async function pendingPayment(modelId: number, dueDate: string): Promise<number> {
  const res = await ctx.as(admin).post(`/api/admin/models/${modelId}/payments`, {
    amount: "59,90",
    method: "pix_emv",
    due_date: dueDate,
  });
  assert.equal(res.statusCode, 201, res.body);
  return (res.json().payment as ModelPayment).id;
}
const setStatus = (paymentId: number, body: object) =>
  ctx.as(admin).patch(`/api/admin/model-payments/${paymentId}/status`, body);

describe("PATCH /api/admin/model-payments/:id/status → paid", () => {
  test("marking paid applies the payment: next_due_date, first_paid_at, paid_at, applied_at", async () => {
    const id = await buildModel(ctx.app, { validDays: null, isActive: true });
    const paymentId = await pendingPayment(id, dueIn(30));
    const events = await captureEvents(ctx.app, async () => {
      const res = await expectOneAuditRow(ctx.app, "payment.status", () => setStatus(paymentId, { status: "paid" }));
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().payment.status, "paid");
      assert.ok(res.json().payment.paid_at);
    });
    assert.deepEqual(events, [
      { type: "model_status_updated", model_id: id },
      { type: "model_payment_updated", model_id: id },
    ]);
    const model = await modelRow(id);
    assert.equal(model.nextDueDate, dueIn(30));
    assert.ok(model.firstPaidAt);
    assert.equal((await paymentRow(paymentId)).appliedDays, 30);
  });

  test("marking the same payment paid twice changes nothing the second time", async () => {
    const id = await buildModel(ctx.app, { validDays: 10 });
    const paymentId = await pendingPayment(id, dueIn(40));
    assert.equal((await setStatus(paymentId, { status: "paid" })).statusCode, 200);
    const first = await paymentRow(paymentId);
    assert.equal(first.appliedDays, 30);
    // Were the payment applied again, the due date would move back up to its due_date.
    await updateModel(ctx.app, id, { nextDueDate: dueIn(3) });
    const events = await captureEvents(ctx.app, async () => {
      const again = await expectOneAuditRow(ctx.app, "payment.status", () => setStatus(paymentId, { status: "paid" }));
      assert.equal(again.statusCode, 200, again.body);
    });
    assert.deepEqual(events, []);
    assert.equal((await modelRow(id)).nextDueDate, dueIn(3));
    const second = await paymentRow(paymentId);
    assert.deepEqual(second.appliedAt, first.appliedAt);
    assert.deepEqual(second.paidAt, first.paidAt);
    assert.equal(second.appliedDays, 30);
  });

  test("two mark-paid requests at once apply the payment once", async () => {
    const id = await buildModel(ctx.app, { validDays: 10 });
    const paymentId = await pendingPayment(id, dueIn(40));
    const results = await Promise.all([
      setStatus(paymentId, { status: "paid" }),
      setStatus(paymentId, { status: "paid" }),
    ]);
    for (const res of results) assert.equal(res.statusCode, 200, res.body);
    assert.equal((await modelRow(id)).nextDueDate, dueIn(40));
    // A second application would have counted 0 days (the date had already moved) and overwritten the 30.
    assert.equal((await paymentRow(paymentId)).appliedDays, 30);
  });

  test("marking paid clears an earlier charge's amount_mismatch flag, even on a payment already applied", async () => {
    const id = await buildModel(ctx.app, { validDays: 10 });
    const flagged = { flag: "amount_mismatch", flaggedAt: new Date() } as const;
    const pending = await buildPayment(ctx.app, { modelId: id, status: "pending", paidAt: null, ...flagged });
    const res = await setStatus(pending, { status: "paid" });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().payment.flag, null);
    assert.equal((await paymentRow(pending)).flaggedAt, null);
    assert.ok((await paymentRow(pending)).appliedAt, "applied as well");
    // A row paid and applied before the rule, still flagged: paid again, it loses the flag and moves nothing.
    const stale = await buildPayment(ctx.app, { modelId: id, appliedAt: new Date(), appliedDays: 0, ...flagged });
    const dueBefore = (await modelRow(id)).nextDueDate;
    assert.equal((await setStatus(stale, { status: "paid" })).json().payment.flag, null);
    assert.equal((await modelRow(id)).nextDueDate, dueBefore);
    // Another flag is the admin's to look at: it stays.
    const duplicate = await buildPayment(ctx.app, { modelId: id, status: "pending", paidAt: null, flag: "duplicate" });
    assert.equal((await setStatus(duplicate, { status: "paid" })).json().payment.flag, "duplicate");
  });

  test("migration 0020 clears amount_mismatch on the paid plan payments and orders only", async () => {
    const id = await buildModel(ctx.app);
    const flagged = { flag: "amount_mismatch", flaggedAt: new Date() } as const;
    const paid = await buildPayment(ctx.app, { modelId: id, ...flagged });
    const pending = await buildPayment(ctx.app, { modelId: id, status: "pending", paidAt: null, ...flagged });
    const duplicate = await buildPayment(ctx.app, { modelId: id, flag: "duplicate", flaggedAt: new Date() });
    const paidOrder = await buildOrder(ctx.app, { status: "paid", paidAt: new Date(), ...flagged });
    const pendingOrder = await buildOrder(ctx.app, flagged);
    const file = readdirSync(path.join(serverRoot, "drizzle")).find((f) =>
      f.endsWith("_clear_paid_amount_mismatch.sql"),
    );
    assert.ok(file, "the migration exists");
    const statements = readFileSync(path.join(serverRoot, "drizzle", file), "utf8").split("--> statement-breakpoint");
    for (const statement of statements) await ctx.app.db.execute(sql.raw(statement));
    const flagOf = async (paymentId: number) => [
      (await paymentRow(paymentId)).flag,
      (await paymentRow(paymentId)).flaggedAt,
    ];
    assert.deepEqual(await flagOf(paid), [null, null]);
    assert.equal((await paymentRow(pending)).flag, "amount_mismatch");
    assert.equal((await paymentRow(duplicate)).flag, "duplicate");
    const orderFlag = async (orderId: number) =>
      (await ctx.app.db.select({ flag: orders.flag }).from(orders).where(eq(orders.id, orderId)))[0]?.flag;
    assert.equal(await orderFlag(paidOrder), null);
    assert.equal(await orderFlag(pendingOrder), "amount_mismatch");
  });

  test("a given paid_at is kept; an invalid status or date is 400; an unknown payment 404", async () => {
    const id = await buildModel(ctx.app);
    const paymentId = await pendingPayment(id, dueIn(60));
    const res = await setStatus(paymentId, { status: "paid", paid_at: "2026-01-15T13:00:00-03:00" });
    assert.equal(res.json().payment.paid_at, "2026-01-15T16:00:00.000Z");
    expectValidationError(await setStatus(paymentId, { status: "approved" }), ["status"]);
    expectValidationError(await setStatus(paymentId, { status: "paid", paid_at: "ontem" }), ["paid_at"]);
    assert.equal((await setStatus(99_999_999, { status: "paid" })).statusCode, 404);
  });
});

describe("taking a payment back (un-paid, refunded or deleted)", () => {
  test("cancelling takes back the days it added, and paying again re-applies it", async () => {
    const id = await buildModel(ctx.app, { validDays: 10 });
    const paymentId = await pendingPayment(id, dueIn(40));
    await setStatus(paymentId, { status: "paid" });
    const res = await expectOneAuditRow(ctx.app, "payment.status", () => setStatus(paymentId, { status: "cancelled" }));
    assert.equal(res.json().payment.paid_at, null);
    assert.equal((await modelRow(id)).nextDueDate, dueIn(10));
    const row = await paymentRow(paymentId);
    assert.equal(row.appliedAt, null);
    await setStatus(paymentId, { status: "paid" });
    assert.equal((await modelRow(id)).nextDueDate, dueIn(40));
  });

  test("days added by later payments stay; never before today; a refund keeps paid_at", async () => {
    const id = await buildModel(ctx.app, { validDays: null });
    const first = await pendingPayment(id, dueIn(30));
    const second = await pendingPayment(id, dueIn(60));
    await setStatus(first, { status: "paid" });
    await setStatus(second, { status: "paid" });
    assert.equal((await modelRow(id)).nextDueDate, dueIn(60));
    const refunded = await setStatus(first, { status: "refunded" });
    assert.ok(refunded.json().payment.paid_at);
    assert.equal((await modelRow(id)).nextDueDate, dueIn(30));
    // The second added 30 days from day 30; now only 30 are left, so taking 30 back lands on today.
    await setStatus(second, { status: "refunded" });
    assert.equal((await modelRow(id)).nextDueDate, dueIn(0));
    const back = await pendingPayment(id, dueIn(5));
    await setStatus(back, { status: "paid" });
    await updateModel(ctx.app, id, { nextDueDate: dueIn(2) });
    await setStatus(back, { status: "cancelled" });
    assert.equal((await modelRow(id)).nextDueDate, dueIn(0), "never before today");
  });

  test("an expired plan stays as it is: taking back never moves the date forward", async () => {
    const id = await buildModel(ctx.app, { validDays: 10 });
    const paymentId = await pendingPayment(id, dueIn(40));
    await setStatus(paymentId, { status: "paid" });
    await updateModel(ctx.app, id, { nextDueDate: dueIn(-5) });
    await setStatus(paymentId, { status: "failed" });
    assert.equal((await modelRow(id)).nextDueDate, dueIn(-5));
  });

  test("deleting a paid payment takes back its days and hides a model it kept visible", async () => {
    const id = await buildModel(ctx.app, { validDays: 0 });
    const paymentId = await pendingPayment(id, dueIn(30));
    await setStatus(paymentId, { status: "paid" });
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200);
    const events = await captureEvents(ctx.app, async () => {
      const res = await expectOneAuditRow(ctx.app, "payment.delete", () =>
        ctx.as(admin).delete(`/api/admin/model-payments/${paymentId}`),
      );
      assert.deepEqual(res.json(), { success: true });
    });
    assert.deepEqual(events, [
      { type: "model_status_updated", model_id: id },
      { type: "model_payment_updated", model_id: id },
    ]);
    assert.equal(await paymentRow(paymentId), undefined);
    assert.equal((await modelRow(id)).nextDueDate, dueIn(0));
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 404);
    assert.equal((await ctx.as(admin).delete(`/api/admin/model-payments/${paymentId}`)).statusCode, 404);
  });

  test("deleting a pending payment, or one never applied, moves nothing", async () => {
    const id = await buildModel(ctx.app, { validDays: 10 });
    const pending = await pendingPayment(id, dueIn(40));
    const legacy = await buildPayment(ctx.app, { modelId: id, dueDate: dueIn(90) });
    assert.equal((await ctx.as(admin).delete(`/api/admin/model-payments/${pending}`)).statusCode, 200);
    assert.equal((await ctx.as(admin).delete(`/api/admin/model-payments/${legacy}`)).statusCode, 200);
    assert.equal((await modelRow(id)).nextDueDate, dueIn(10));
  });
});
