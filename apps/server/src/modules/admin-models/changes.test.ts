import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { AdminModel } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { captureEvents, countAuditRows, expectOneAuditRow } from "../../test/admin-support";
import { buildModel, buildPlan, CITIES, updateModel } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
before(async () => {
  admin = await signedInAdmin(ctx);
});

const dueIn = (days: number) => addDays(todayInSaoPaulo(), days);

describe("PATCH /api/admin/models/:id/status", () => {
  const patch = (id: number, body: object) => ctx.as(admin).patch(`/api/admin/models/${id}/status`, body);

  test("activating with the plan due yesterday, today or never paid → 409 MODEL_OVERDUE, nothing changes", async () => {
    for (const validDays of [-1, 0, null]) {
      const id = await buildModel(ctx.app, { isActive: false, isVerified: false, validDays });
      const res = await patch(id, { is_active: true, is_verified: true });
      assert.equal(res.statusCode, 409, `validDays ${validDays}: ${res.body}`);
      assert.equal(res.json().code, "MODEL_OVERDUE");
      assert.match(res.json().error, /Registre um pagamento antes de ativá-la/);
      const [row] = await ctx.app.db.select().from(models).where(eq(models.id, id));
      assert.equal(row.isActive, false);
      assert.equal(row.isVerified, false);
    }
  });

  test("the overdue message names the due date in dd/mm/aaaa", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: -3 });
    const [y, m, d] = dueIn(-3).split("-");
    assert.match((await patch(id, { is_active: true })).json().error, new RegExp(`venceu em ${d}/${m}/${y}`));
  });

  test("due tomorrow: activation works, the public sees her and the live stream hears it", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: 1 });
    const events = await captureEvents(ctx.app, async () => {
      const res = await expectOneAuditRow(ctx.app, "model.status", () => patch(id, { is_active: true }));
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().model.is_active, true);
      assert.equal(res.json().model.is_visible, true);
    });
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: id }]);
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200);
  });

  test("deactivating is always allowed, even when overdue, and hides her at once", async () => {
    const visible = await buildModel(ctx.app);
    const events = await captureEvents(ctx.app, async () => {
      assert.equal((await patch(visible, { is_active: false })).statusCode, 200);
    });
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: visible }]);
    assert.equal((await ctx.as(null).get(`/api/models/public/${visible}`)).statusCode, 404);
    const overdue = await buildModel(ctx.app, { validDays: -5 });
    const res = await patch(overdue, { is_active: false });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().model.is_active, false);
  });

  test("is_verified changes alone, for an overdue model too; a hidden model stays silent on the stream", async () => {
    const id = await buildModel(ctx.app, { isActive: false, validDays: null });
    const events = await captureEvents(ctx.app, async () => {
      const res = await expectOneAuditRow(ctx.app, "model.status", () => patch(id, { is_verified: true }));
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().model.is_verified, true);
      assert.equal(res.json().model.is_active, false);
    });
    assert.deepEqual(events, []);
  });

  test("an empty body, a deleted or unknown model", async () => {
    const id = await buildModel(ctx.app);
    expectValidationError(await patch(id, {}), ["is_active"]);
    await updateModel(ctx.app, id, { deletedAt: new Date() });
    assert.equal((await patch(id, { is_verified: true })).statusCode, 404);
    assert.equal((await patch(99_999_999, { is_verified: true })).statusCode, 404);
  });
});

describe("PATCH /api/admin/models/:id/plan", () => {
  test("attaches and detaches a plan; an unknown plan is 404; one audit row each", async () => {
    const id = await buildModel(ctx.app);
    const planId = await buildPlan(ctx.app, { name: "Plano Ouro" });
    const set = await expectOneAuditRow(ctx.app, "model.plan", () =>
      ctx.as(admin).patch(`/api/admin/models/${id}/plan`, { plan_id: planId }),
    );
    assert.equal(set.statusCode, 200, set.body);
    assert.equal(set.json().model.plan_id, planId);
    assert.equal(set.json().model.plan_name, "Plano Ouro");
    const unset = await ctx.as(admin).patch(`/api/admin/models/${id}/plan`, { plan_id: null });
    assert.equal(unset.json().model.plan_id, null);
    const unknown = await ctx.as(admin).patch(`/api/admin/models/${id}/plan`, { plan_id: 99_999_999 });
    assert.equal(unknown.statusCode, 404);
    assert.equal(unknown.json().error, "Plano não encontrado");
    expectValidationError(await ctx.as(admin).patch(`/api/admin/models/${id}/plan`, {}), ["plan_id"]);
  });
});

describe("POST /api/admin/models", () => {
  const body = (overrides: object = {}) => ({
    username: `adm${process.pid}${Math.random().toString(36).slice(2, 8)}`,
    name: "Rafaela Lima",
    email: `adm${process.pid}${Math.random().toString(36).slice(2, 8)}@example.com`,
    password: "senha-forte-123",
    age: 22,
    estado_id: 35,
    municipio_id: CITIES.saoPaulo,
    category_id: 1,
    whatsapp: "(11) 97777-1234",
    ...overrides,
  });

  test("registers her inactive, with the WhatsApp as digits; she can sign in with that password", async () => {
    const input = body();
    const res = await expectOneAuditRow(ctx.app, "model.create", () => ctx.as(admin).post("/api/admin/models", input));
    assert.equal(res.statusCode, 201, res.body);
    const model = res.json().model as AdminModel;
    assert.equal(model.name, "Rafaela Lima");
    assert.equal(model.whatsapp, "11977771234");
    assert.equal(model.city_name, "São Paulo");
    assert.equal(model.is_active, false);
    assert.equal(model.payment_status, "no_payment");
    const login = await ctx.as(null).post("/api/auth/model/login", { email: input.email, password: input.password });
    assert.equal(login.statusCode, 200, login.body);
  });

  test("every field is required and the age is 18 to 100", async () => {
    expectValidationError(await ctx.as(admin).post("/api/admin/models", {}), [
      "username",
      "name",
      "email",
      "password",
      "age",
      "estado_id",
      "municipio_id",
      "category_id",
      "whatsapp",
    ]);
    expectValidationError(await ctx.as(admin).post("/api/admin/models", body({ age: 17 })), ["age"]);
    expectValidationError(await ctx.as(admin).post("/api/admin/models", body({ age: 101 })), ["age"]);
    assert.equal((await ctx.as(admin).post("/api/admin/models", body({ age: 100 }))).statusCode, 201);
  });

  test("a taken e-mail is 409 and writes no audit row; a município outside the estado is 400", async () => {
    const first = body();
    assert.equal((await ctx.as(admin).post("/api/admin/models", first)).statusCode, 201);
    const rowsBefore = await countAuditRows(ctx.app);
    const res = await ctx.as(admin).post("/api/admin/models", body({ email: first.email }));
    assert.equal(res.statusCode, 409);
    assert.equal(await countAuditRows(ctx.app), rowsBefore);
    assert.equal(res.json().error, "E-mail já cadastrado");
    expectValidationError(await ctx.as(admin).post("/api/admin/models", body({ municipio_id: CITIES.rio })), [
      "municipio_id",
    ]);
  });
});
