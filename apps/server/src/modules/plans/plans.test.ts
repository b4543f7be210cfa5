import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { count, eq } from "drizzle-orm";
import { auditLog, modelPayments, models, plans } from "../../db/schema";
import { buildModel, buildPayment, buildPlan } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
let model: string;
before(async () => {
  admin = await signedInAdmin(ctx);
  model = (await registeredAdvertiser(ctx)).token;
});

const auditRows = async () => (await ctx.app.db.select({ n: count() }).from(auditLog))[0].n;
const lastAudit = async () => (await ctx.app.db.select().from(auditLog).orderBy(auditLog.id)).at(-1)!;
/** Runs a request and checks it wrote exactly `rows` audit rows (and, when it wrote one, which action). */
async function expectAudit<T>(rows: number, action: string | null, run: () => Promise<T>): Promise<T> {
  const before = await auditRows();
  const result = await run();
  assert.equal(await auditRows(), before + rows, `${rows} audit row(s)`);
  if (action) assert.equal((await lastAudit()).action, action);
  return result;
}

const PLAN = { name: "Plano Mensal", price: "59,90", period_type: "monthly", payment_methods: "pix,cartao" };

describe("who may call the plan routes", () => {
  test("no token 401, a model 403, an admin 2xx", async () => {
    const id = await buildPlan(ctx.app);
    const calls: [string, string, unknown?][] = [
      ["GET", "/api/admin/plans"],
      ["GET", "/api/admin/plans/distribution"],
      ["POST", "/api/admin/plans", PLAN],
      ["PUT", `/api/admin/plans/${id}`, PLAN],
      ["PATCH", `/api/admin/plans/${id}/status`, { active: false }],
      ["DELETE", `/api/admin/plans/${id}`],
    ];
    for (const [method, url, body] of calls) {
      const send = (token: string | null) =>
        ctx.app.inject({
          method: method as "GET",
          url,
          payload: body as object,
          headers: token ? { authorization: `Bearer ${token}` } : {},
        });
      assert.equal((await send(null)).statusCode, 401, `${method} ${url}`);
      assert.equal((await send(model)).statusCode, 403, `${method} ${url}`);
      const res = await send(admin);
      assert.ok(res.statusCode >= 200 && res.statusCode < 300, `${method} ${url}: ${res.statusCode} ${res.body}`);
    }
  });
});

describe("plans", () => {
  test("POST creates a plan (201) with the defaults: weekly, active, every payment method; one audit row", async () => {
    const res = await expectAudit(1, "plan.create", () =>
      ctx.as(admin).post("/api/admin/plans", { name: "Plano Semanal", price: 29.9 }),
    );
    assert.equal(res.statusCode, 201, res.body);
    const { plan } = res.json();
    assert.deepEqual(
      { ...plan, id: 0, created_at: "" },
      {
        id: 0,
        name: "Plano Semanal",
        price: 29.9,
        period_type: "weekly",
        highlight: false,
        payment_methods: ["pix", "cartao", "boleto"],
        active: true,
        created_at: "",
        models_count: 0,
      },
    );
    const [row] = await ctx.app.db.select().from(plans).where(eq(plans.id, plan.id));
    assert.equal(row.priceCents, 2990);
  });

  test("POST refuses a missing name, a zero price, an unknown period or method", async () => {
    const res = await expectAudit(0, null, () =>
      ctx.as(admin).post("/api/admin/plans", { name: " ", price: "0", period_type: "daily", payment_methods: ["ted"] }),
    );
    expectValidationError(res, ["name", "price", "period_type", "payment_methods.0"]);
  });

  test("PUT edits every field; the audit row lists what changed; an unknown plan → 404", async () => {
    const id = await buildPlan(ctx.app, { name: "Antigo", priceCents: 1000, periodType: "weekly" });
    const res = await expectAudit(1, "plan.update", () =>
      ctx.as(admin).put(`/api/admin/plans/${id}`, { ...PLAN, active: false }),
    );
    assert.equal(res.statusCode, 200, res.body);
    const { plan } = res.json();
    assert.equal(plan.name, "Plano Mensal");
    assert.equal(plan.price, 59.9);
    assert.equal(plan.period_type, "monthly");
    assert.deepEqual(plan.payment_methods, ["pix", "cartao"]);
    assert.equal(plan.active, false);
    const { changes } = await lastAudit();
    assert.deepEqual((changes as Record<string, unknown>).priceCents, { from: 1000, to: 5990 });
    assert.deepEqual((changes as Record<string, unknown>).name, { from: "Antigo", to: "Plano Mensal" });
    const missing = await expectAudit(0, null, () => ctx.as(admin).put("/api/admin/plans/999999", PLAN));
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().error, "Plano não encontrado");
  });

  test("highlighting a plan clears the highlight of every other plan", async () => {
    const first = (await ctx.as(admin).post("/api/admin/plans", { ...PLAN, highlight: true })).json().plan.id;
    const second = (await ctx.as(admin).post("/api/admin/plans", { ...PLAN, name: "Anual", highlight: true })).json();
    assert.equal(second.plan.highlight, true);
    const highlighted = (await ctx.app.db.select().from(plans).where(eq(plans.highlight, true))).map((p) => p.id);
    assert.deepEqual(highlighted, [second.plan.id]);
    await ctx.as(admin).put(`/api/admin/plans/${first}`, { ...PLAN, highlight: true });
    const after = (await ctx.app.db.select().from(plans).where(eq(plans.highlight, true))).map((p) => p.id);
    assert.deepEqual(after, [first]);
  });

  test("PATCH status toggles active; one audit row; body validated", async () => {
    const id = await buildPlan(ctx.app);
    const res = await expectAudit(1, "plan.status", () =>
      ctx.as(admin).patch(`/api/admin/plans/${id}/status`, { active: false }),
    );
    assert.equal(res.json().plan.active, false);
    assert.equal(
      (await ctx.as(admin).patch(`/api/admin/plans/${id}/status`, { active: true })).json().plan.active,
      true,
    );
    expectValidationError(await ctx.as(admin).patch(`/api/admin/plans/${id}/status`, {}), ["active"]);
  });

  test("GET lists plans with models_count (deleted accounts left out); distribution has 'Sem plano'", async () => {
    const id = await buildPlan(ctx.app, { name: "Plano Contado", priceCents: 1 });
    await buildModel(ctx.app, { planId: id, name: "Ana" });
    await buildModel(ctx.app, { planId: id, name: "Bia" });
    await buildModel(ctx.app, { planId: id, name: "Gone", deletedAt: new Date() });
    const list = (await ctx.as(admin).get("/api/admin/plans")).json().plans;
    assert.equal(list[0].name, "Plano Contado", "cheapest first");
    assert.equal(list[0].models_count, 2);
    const dist = (await ctx.as(admin).get("/api/admin/plans/distribution")).json().planDist as {
      name: string;
      value: number;
    }[];
    assert.equal(dist.find((s) => s.name === "Plano Contado")?.value, 2);
    assert.ok((dist.find((s) => s.name === "Sem plano")?.value ?? 0) >= 1, "the registered model has no plan");
    assert.ok(dist.every((s) => s.value > 0));
  });
});

describe("DELETE /api/admin/plans/{id}", () => {
  test("a plan in use → 409 PLAN_IN_USE with usage and no change; ?force=true unlinks and deletes", async () => {
    const id = await buildPlan(ctx.app, { name: "Plano Em Uso" });
    const names = ["Carla", "Ana", "Bruna", "Duda", "Eva", "Fabi"];
    const modelIds = [];
    for (const name of names) modelIds.push(await buildModel(ctx.app, { planId: id, name }));
    const paymentId = await buildPayment(ctx.app, { modelId: modelIds[0], planId: id, planName: "Plano Em Uso" });
    const noNamePayment = await buildPayment(ctx.app, { modelId: modelIds[1], planId: id });

    const refused = await expectAudit(0, null, () => ctx.as(admin).delete(`/api/admin/plans/${id}`));
    assert.equal(refused.statusCode, 409);
    const body = refused.json();
    assert.equal(body.code, "PLAN_IN_USE");
    assert.match(body.error, /em uso por 6 modelos e 2 pagamentos\./);
    assert.deepEqual(body.usage, { payments: 2, models: 6, models_linked: ["Ana", "Bruna", "Carla", "Duda", "Eva"] });
    assert.equal((await ctx.app.db.select().from(plans).where(eq(plans.id, id))).length, 1);

    const forced = await expectAudit(1, "plan.delete", () => ctx.as(admin).delete(`/api/admin/plans/${id}?force=true`));
    assert.equal(forced.statusCode, 200, forced.body);
    assert.deepEqual(forced.json(), { success: true });
    assert.equal((await ctx.app.db.select().from(plans).where(eq(plans.id, id))).length, 0);
    for (const modelId of modelIds) {
      const [row] = await ctx.app.db.select().from(models).where(eq(models.id, modelId));
      assert.equal(row.planId, null);
    }
    const [kept] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, paymentId));
    assert.equal(kept.planId, null);
    assert.equal(kept.planName, "Plano Em Uso");
    const [named] = await ctx.app.db.select().from(modelPayments).where(eq(modelPayments.id, noNamePayment));
    assert.equal(named.planName, "Plano Em Uso", "a payment without a plan name keeps the deleted plan's name");
    assert.deepEqual((await lastAudit()).changes, {
      name: "Plano Em Uso",
      force: true,
      unlinked_models: 6,
      unlinked_payments: 2,
    });
  });

  test("an unused plan is deleted without force; an unknown plan → 404", async () => {
    const id = await buildPlan(ctx.app);
    const res = await expectAudit(1, "plan.delete", () => ctx.as(admin).delete(`/api/admin/plans/${id}`));
    assert.equal(res.statusCode, 200);
    assert.equal((await ctx.as(admin).delete(`/api/admin/plans/${id}`)).statusCode, 404);
  });
});
