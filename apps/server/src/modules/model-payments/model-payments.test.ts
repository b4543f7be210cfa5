import assert from "node:assert/strict";
import { randomUUID } from "node:crypto";
import { before, describe, test } from "node:test";
import {
  IDEMPOTENCY_KEY_HEADER,
  IDEMPOTENCY_KEY_REUSED,
  INVALID_AMOUNT_MESSAGE,
  type ModelPayment,
  proposeDueDate,
} from "@vitrine/contracts";
import { desc, eq } from "drizzle-orm";
import { admins, auditLog, modelPayments, models } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { hashPassword } from "../../lib/passwords";
import { captureEvents, expectAdminOnly, expectOneAuditRow } from "../../test/admin-support";
import { buildModel, buildPayment, buildPlan, updateModel } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";
import { completeSignIn } from "../../test/two-factor";

const ctx = useTestContext();
let admin: string;
let modelToken: string;
before(async () => {
  admin = await signedInAdmin(ctx);
  modelToken = (await registeredAdvertiser(ctx)).token;
});

const today = () => todayInSaoPaulo();
const dueIn = (days: number) => addDays(today(), days);
const cash = (overrides: object = {}) => ({ amount: "59,90", method: "cash", due_date: dueIn(30), ...overrides });

async function modelRow(id: number) {
  const [row] = await ctx.app.db.select().from(models).where(eq(models.id, id));
  return row;
}
async function paymentRow(id: number) {
  const [row] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, id));
  return row;
}
async function createPayment(modelId: number, body: object) {
  const res = await ctx.as(admin).post(`/api/admin/models/${modelId}/payments`, body);
  assert.equal(res.statusCode, 201, res.body);
  return res.json().payment as ModelPayment;
}
describe("authorization: admins only", () => {
  test("every payments route: no token 401, a model 403, an admin 2xx", async () => {
    const id = await buildModel(ctx.app);
    const tokens = { model: modelToken, admin };
    await expectAdminOnly(ctx.as, tokens, (c) => c.get(`/api/admin/models/${id}/payments`));
    await expectAdminOnly(ctx.as, tokens, (c) => c.post(`/api/admin/models/${id}/payments`, cash()), 201);
    const paymentId = await buildPayment(ctx.app, { modelId: id, status: "pending", paidAt: null });
    await expectAdminOnly(ctx.as, tokens, (c) =>
      c.patch(`/api/admin/model-payments/${paymentId}/status`, { status: "cancelled" }),
    );
    await expectAdminOnly(ctx.as, tokens, (c) => c.delete(`/api/admin/model-payments/${paymentId}`));
  });
});

describe("POST /api/admin/models/:id/payments", () => {
  test("amounts with a comma or a dot; anything else (0, negative, text, 3 decimals) is refused", async () => {
    const id = await buildModel(ctx.app);
    assert.equal((await createPayment(id, cash({ amount: "59,90" }))).amount, 59.9);
    assert.equal((await createPayment(id, cash({ amount: "59.90" }))).amount, 59.9);
    assert.equal((await createPayment(id, cash({ amount: 100 }))).amount, 100);
    for (const amount of ["0", "-1", "abc", "10,999", 0, -5, ""]) {
      const res = await ctx.as(admin).post(`/api/admin/models/${id}/payments`, cash({ amount }));
      expectValidationError(res, ["amount"], INVALID_AMOUNT_MESSAGE);
      assert.equal(res.json().details[0].message, INVALID_AMOUNT_MESSAGE, `amount ${JSON.stringify(amount)}`);
    }
    // Several fields wrong: the general message, every field listed.
    expectValidationError(
      await ctx.as(admin).post(`/api/admin/models/${id}/payments`, { amount: "x", method: "boleto" }),
      ["amount", "method", "due_date"],
    );
  });

  test("cash is paid at once: next_due_date becomes the due date, first_paid_at and applied_at are set", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: null });
    const body = cash({ due_date: dueIn(30), description: "Mensalidade" });
    const payment = await expectOneAuditRow(ctx.app, "payment.create", () => createPayment(id, body));
    assert.equal(payment.status, "paid");
    assert.ok(payment.paid_at);
    assert.equal(payment.due_date, dueIn(30));
    assert.equal(payment.description, "Mensalidade");
    const model = await modelRow(id);
    assert.equal(model.nextDueDate, dueIn(30));
    assert.ok(model.firstPaidAt);
    const row = await paymentRow(payment.id);
    assert.ok(row.appliedAt);
    assert.equal(row.appliedDays, 30);
  });

  test("a link or a Pix code is pending by default and moves nothing", async () => {
    const id = await buildModel(ctx.app, { validDays: 5 });
    for (const method of ["mercadopago", "pix_emv"]) {
      const payment = await createPayment(id, cash({ method, due_date: dueIn(60), pix_txid: "TX1" }));
      assert.equal(payment.status, "pending");
      assert.equal(payment.paid_at, null);
    }
    assert.equal((await modelRow(id)).nextDueDate, dueIn(5));
  });

  test("the later date wins: an earlier due date leaves next_due_date where it is", async () => {
    const id = await buildModel(ctx.app, { validDays: 40 });
    await createPayment(id, cash({ due_date: dueIn(10) }));
    assert.equal((await modelRow(id)).nextDueDate, dueIn(40));
  });

  test("choosing a plan attaches it to the model and stores its name and period on the payment", async () => {
    const id = await buildModel(ctx.app);
    const planId = await buildPlan(ctx.app, { name: "Plano Semanal X", periodType: "weekly", priceCents: 2990 });
    const payment = await createPayment(id, cash({ plan_id: planId, amount: "29,90", status: "pending" }));
    assert.equal(payment.plan_id, planId);
    assert.equal(payment.plan_name, "Plano Semanal X");
    assert.equal((await paymentRow(payment.id)).periodType, "weekly");
    assert.equal((await modelRow(id)).planId, planId);
    const unknown = await ctx.as(admin).post(`/api/admin/models/${id}/payments`, cash({ plan_id: 99_999_999 }));
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error, "Plano não encontrado");
  });

  test("an unknown or deleted model is 404", async () => {
    assert.equal((await ctx.as(admin).post("/api/admin/models/99999999/payments", cash())).statusCode, 404);
    const id = await buildModel(ctx.app);
    await updateModel(ctx.app, id, { deletedAt: new Date() });
    assert.equal((await ctx.as(admin).post(`/api/admin/models/${id}/payments`, cash())).statusCode, 404);
    assert.equal((await ctx.as(admin).get(`/api/admin/models/${id}/payments`)).statusCode, 404);
  });

  test("the overdue modal's quick payment is one request: paid, plan attached, activated, one audit row", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: -2 });
    const planId = await buildPlan(ctx.app, { name: "Plano Rápido", periodType: "monthly", priceCents: 10_000 });
    const overdue = await ctx.as(admin).patch(`/api/admin/models/${id}/status`, { is_active: true });
    assert.equal(overdue.json().code, "MODEL_OVERDUE");
    const due = proposeDueDate({ today: today(), nextDueDate: dueIn(-2), periodType: "monthly" });
    assert.equal(due, dueIn(30));
    const body = { amount: 100, plan_id: planId, method: "cash", due_date: due, activate: true };
    const events = await captureEvents(ctx.app, () =>
      expectOneAuditRow(ctx.app, "payment.create", () => createPayment(id, body)),
    );
    assert.deepEqual(events, [
      { type: "model_status_updated", model_id: id },
      { type: "model_payment_updated", model_id: id },
    ]);
    const model = await modelRow(id);
    assert.equal(model.isActive, true);
    assert.equal(model.planId, planId);
    assert.equal(model.nextDueDate, dueIn(30));
    const [audit] = await ctx.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    assert.deepEqual(audit.changes, {
      model_id: id,
      amount: 100,
      method: "cash",
      status: "paid",
      due_date: due,
      plan_id: planId,
      next_due_date: { from: dueIn(-2), to: dueIn(30) },
      model_plan_id: { from: null, to: planId },
      is_active: { from: false, to: true },
    });
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200);
  });

  test("a quick payment that would leave her overdue records nothing; a pending one cannot activate", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: -2 });
    const past = await ctx
      .as(admin)
      .post(`/api/admin/models/${id}/payments`, cash({ due_date: today(), activate: true }));
    assert.equal(past.statusCode, 409, past.body);
    assert.equal(past.json().code, "MODEL_OVERDUE");
    const pending = await ctx
      .as(admin)
      .post(`/api/admin/models/${id}/payments`, cash({ status: "pending", activate: true }));
    assert.equal(pending.statusCode, 400, pending.body);
    assert.equal(pending.json().details[0].path, "activate");
    const rows = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.modelId, id));
    assert.equal(rows.length, 0);
    const model = await modelRow(id);
    assert.equal(model.isActive, false);
    assert.equal(model.nextDueDate, dueIn(-2));
  });

  test("without activate, a paid payment for an inactive model leaves her inactive and says nothing", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: -2 });
    const events = await captureEvents(ctx.app, () => createPayment(id, cash({ amount: 100 })));
    // Still inactive: hidden before and after, nothing for the public stream; only her own stream hears of it.
    assert.deepEqual(events, [{ type: "own_payment_updated", model_id: id }]);
    assert.equal((await modelRow(id)).isActive, false);
  });

  test("paying an active model whose plan ran out shows her again, and the stream says so", async () => {
    const id = await buildModel(ctx.app, { validDays: 0 });
    const events = await captureEvents(ctx.app, () => createPayment(id, cash()));
    assert.deepEqual(events, [
      { type: "model_status_updated", model_id: id },
      { type: "model_payment_updated", model_id: id },
    ]);
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200);
  });
});

describe("POST /api/admin/models/:id/payments with an Idempotency-Key", () => {
  const post = (modelId: number, body: object, key?: string, token = admin) =>
    ctx.app.inject({
      method: "POST",
      url: `/api/admin/models/${modelId}/payments`,
      payload: body,
      headers: { authorization: `Bearer ${token}`, ...(key === undefined ? {} : { [IDEMPOTENCY_KEY_HEADER]: key }) },
    });
  const paymentsOf = (modelId: number) =>
    ctx.app.db.select().from(modelPayments).where(eq(modelPayments.modelId, modelId));
  const auditCount = async (action: string) =>
    (await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, action))).length;

  test("twenty identical quick payments at once: one payment, one audit row, twenty equal answers", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: -2 });
    const body = cash({ status: "paid", activate: true });
    const key = randomUUID();
    // Refused (she would stay overdue): nothing recorded, and the key is still free for the form's next try.
    const refused = await post(id, { ...body, due_date: today() }, key);
    assert.equal(refused.json().code, "MODEL_OVERDUE");
    const audits = await auditCount("payment.create");
    const results = await Promise.all(Array.from({ length: 20 }, () => post(id, body, key)));
    for (const res of results) assert.equal(res.statusCode, 201, res.body);
    const bodies = results.map((res) => res.json());
    for (const answer of bodies) assert.deepEqual(answer, bodies[0]);
    const rows = await paymentsOf(id);
    assert.equal(rows.length, 1);
    assert.equal(bodies[0].payment.id, rows[0].id);
    assert.equal(rows[0].appliedDays, 30, "applied once");
    assert.equal(await auditCount("payment.create"), audits + 1);
    assert.equal((await modelRow(id)).isActive, true);
    // Later, the same request again: the same answer, still one payment.
    const again = await post(id, body, key);
    assert.equal(again.statusCode, 201);
    assert.deepEqual(again.json(), bodies[0]);
    assert.equal((await paymentsOf(id)).length, 1);
    // Other keys record payments of their own; without a key every request records one, as before.
    const others = await Promise.all([post(id, body, randomUUID()), post(id, body, randomUUID()), post(id, body)]);
    for (const res of others) assert.equal(res.statusCode, 201, res.body);
    assert.equal(new Set([bodies[0], ...others.map((res) => res.json())].map((b) => b.payment.id)).size, 4);
    assert.equal((await paymentsOf(id)).length, 4);
  });

  test("the same key with another request is 409 and records nothing; another admin's key is hers", async () => {
    const id = await buildModel(ctx.app, { validDays: 10 });
    const key = randomUUID();
    assert.equal((await post(id, cash(), key)).statusCode, 201);
    const otherAmount = await post(id, cash({ amount: "99,90" }), key);
    assert.equal(otherAmount.statusCode, 409, otherAmount.body);
    assert.equal(otherAmount.json().code, "CONFLICT");
    assert.equal(otherAmount.json().error, IDEMPOTENCY_KEY_REUSED);
    const otherModel = await buildModel(ctx.app, { validDays: 10 });
    assert.equal((await post(otherModel, cash(), key)).statusCode, 409);
    assert.equal((await paymentsOf(id)).length, 1);
    assert.equal((await paymentsOf(otherModel)).length, 0);
    expectValidationError(await post(id, cash(), "curta"), [IDEMPOTENCY_KEY_HEADER]);
    expectValidationError(await post(id, cash(), "x".repeat(101)), [IDEMPOTENCY_KEY_HEADER]);
    await ctx.app.db.insert(admins).values({
      username: "segunda",
      email: "segunda@test.local",
      passwordHash: await hashPassword("senha-da-segunda"),
    });
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/admin/login",
      payload: { email: "segunda@test.local", password: "senha-da-segunda" },
    });
    const hers = await post(id, cash({ amount: "99,90" }), key, await completeSignIn(ctx.app, "admin", login.json()));
    assert.equal(hers.statusCode, 201, hers.body);
    assert.equal((await paymentsOf(id)).length, 2);
  });

  test("the same key for two models at once: one records, the other is 409", async () => {
    const [first, second] = [await buildModel(ctx.app), await buildModel(ctx.app)];
    const key = randomUUID();
    const results = await Promise.all([post(first, cash(), key), post(second, cash(), key)]);
    assert.deepEqual(results.map((res) => res.statusCode).sort(), [201, 409]);
    assert.equal((await paymentsOf(first)).length + (await paymentsOf(second)).length, 1);
  });
});

describe("GET /api/admin/models/:id/payments", () => {
  test("every payment, newest first, with her due date, plan and today's São Paulo date", async () => {
    const planId = await buildPlan(ctx.app);
    const id = await buildModel(ctx.app, { planId, validDays: 12 });
    const older = await buildPayment(ctx.app, { modelId: id, createdAt: new Date(Date.now() - 86_400_000) });
    const newer = await buildPayment(ctx.app, { modelId: id, status: "pending", paidAt: null });
    const res = await ctx.as(admin).get(`/api/admin/models/${id}/payments`);
    assert.equal(res.statusCode, 200, res.body);
    const json = res.json();
    assert.deepEqual(
      json.payments.map((p: ModelPayment) => p.id),
      [newer, older],
    );
    assert.equal(json.payments[1].amount, 59.9);
    assert.deepEqual(json.model, { id, name: (await modelRow(id)).name, next_due_date: dueIn(12), plan_id: planId });
    assert.equal(json.today, today());
  });
});
