import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { AdminOrder, AdminOrderChartsResponse, AdminOrdersResponse } from "@vitrine/contracts";
import { and, eq } from "drizzle-orm";
import { auditLog, models, orders } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { buildModel, buildOrder, buildProduct } from "../../test/factories";
import type { TestContext } from "../../test/helper";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
let modelToken: string;
before(async () => {
  admin = await signedInAdmin(ctx);
  modelToken = (await registeredAdvertiser(ctx)).token;
});

async function listOrders(query: string): Promise<AdminOrdersResponse> {
  const res = await ctx.as(admin).get(`/api/admin/orders?${query}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}

const auditRowsOf = (orderId: number) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, "order.status"), eq(auditLog.targetId, String(orderId))));

describe("admin orders: who may call", () => {
  const calls: [string, (token: string | null, orderId: number) => ReturnType<ReturnType<TestContext["as"]>["get"]>][] =
    [
      ["GET /orders", (t) => ctx.as(t).get("/api/admin/orders")],
      ["GET /orders.csv", (t) => ctx.as(t).get("/api/admin/orders.csv")],
      ["GET /orders/charts", (t) => ctx.as(t).get("/api/admin/orders/charts?days=7")],
      ["PATCH /orders/:id/status", (t, id) => ctx.as(t).patch(`/api/admin/orders/${id}/status`, { status: "paid" })],
    ];
  for (const [name, call] of calls) {
    test(`${name}: no token 401, a model 403, an admin 200`, async () => {
      const orderId = await buildOrder(ctx.app);
      assert.equal((await call(null, orderId)).statusCode, 401);
      const asModel = await call(modelToken, orderId);
      assert.equal(asModel.statusCode, 403);
      assert.equal(asModel.json().code, "FORBIDDEN");
      const asAdmin = await call(admin, orderId);
      assert.equal(asAdmin.statusCode, 200, asAdmin.body);
    });
  }
});

describe("GET /api/admin/orders", () => {
  test("newest first, with the product and the model's name; the model's name is null once her row is gone", async () => {
    const modelId = await buildModel(ctx.app, { name: "Luna Teste" });
    const productId = await buildProduct(ctx.app, modelId, { name: "Vídeo" });
    const gone = await buildModel(ctx.app, { name: "Some" });
    const older = await buildOrder(ctx.app, {
      modelId,
      productId,
      productName: "Vídeo",
      amountCents: 5990,
      createdAt: new Date(Date.now() - 60_000),
    });
    const newer = await buildOrder(ctx.app, { modelId: gone, productName: "Fotos" });
    await ctx.app.db.delete(models).where(eq(models.id, gone));
    const { orders } = await listOrders("limit=50");
    const ids = orders.map((o) => o.id);
    assert.equal(ids[0], newer);
    assert.ok(ids.indexOf(older) > 0, "the older order comes after");
    const times = orders.map((o) => o.created_at);
    assert.deepEqual(times, [...times].sort().reverse());
    const first = orders.find((o) => o.id === older) as AdminOrder;
    assert.equal(first.model_name, "Luna Teste");
    assert.equal(first.product_id, productId);
    assert.equal(first.amount, 59.9);
    assert.equal(first.status, "pending");
    assert.equal(first.paid_at, null);
    const orphan = orders.find((o) => o.id === newer) as AdminOrder;
    assert.equal(orphan.model_id, null);
    assert.equal(orphan.model_name, null);
  });

  test("filters by status and by São Paulo days (inclusive), and pages", async () => {
    const at = (iso: string) => new Date(iso);
    const ids = {
      // 02:30 UTC on 11 January is still 10 January in São Paulo.
      late10: await buildOrder(ctx.app, { status: "paid", createdAt: at("2030-01-11T02:30:00Z") }),
      on11: await buildOrder(ctx.app, { status: "cancelled", createdAt: at("2030-01-11T03:00:00Z") }),
      on12: await buildOrder(ctx.app, { status: "paid", createdAt: at("2030-01-12T15:00:00Z") }),
      on13: await buildOrder(ctx.app, { status: "paid", createdAt: at("2030-01-14T02:59:00Z") }),
    };
    const idsOf = (r: AdminOrdersResponse) => r.orders.map((o) => o.id);
    assert.deepEqual(idsOf(await listOrders("from=2030-01-10&to=2030-01-10")), [ids.late10]);
    assert.deepEqual(idsOf(await listOrders("from=2030-01-11&to=2030-01-13")), [ids.on13, ids.on12, ids.on11]);
    assert.deepEqual(idsOf(await listOrders("from=2030-01-10&to=2030-01-13&status=paid")), [
      ids.on13,
      ids.on12,
      ids.late10,
    ]);
    assert.deepEqual(idsOf(await listOrders("from=2030-01-01&to=2030-01-31&status=cancelled")), [ids.on11]);
    const page2 = await listOrders("from=2030-01-10&to=2030-01-13&limit=10&page=2");
    assert.deepEqual(page2.orders, []);
    assert.deepEqual(page2.pagination, { page: 2, pages: 1, total: 4 });
  });

  test("invalid filters are refused with 400", async () => {
    for (const query of ["status=talvez", "from=2030-02-30", "limit=15", "from=2030-01-12&to=2030-01-11"]) {
      const res = await ctx.as(admin).get(`/api/admin/orders?${query}`);
      assert.equal(res.statusCode, 400, query);
      assert.equal(res.json().code, "VALIDATION_ERROR", query);
    }
  });
});

describe("PATCH /api/admin/orders/{id}/status", () => {
  test("an order confirmed by hand loses an earlier charge's amount_mismatch flag", async () => {
    const id = await buildOrder(ctx.app, { flag: "amount_mismatch", flaggedAt: new Date() });
    const res = await ctx.as(admin).patch(`/api/admin/orders/${id}/status`, { status: "paid" });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((res.json().order as AdminOrder).flag, null);
    const cancelled = await buildOrder(ctx.app, { flag: "amount_mismatch", flaggedAt: new Date() });
    await ctx.as(admin).patch(`/api/admin/orders/${cancelled}/status`, { status: "cancelled" });
    const [row] = await ctx.app.db.select({ flag: orders.flag }).from(orders).where(eq(orders.id, cancelled));
    assert.equal(row?.flag, "amount_mismatch", "cancelled: the flag stays");
  });

  test("pending → paid sets paid_at, counts as revenue and writes one audit row; paid → cancelled is 409", async () => {
    const before = (await ctx.as(admin).get("/api/admin/dashboard")).json().stats;
    const id = await buildOrder(ctx.app, { amountCents: 12345 });
    const res = await ctx.as(admin).patch(`/api/admin/orders/${id}/status`, { status: "paid" });
    assert.equal(res.statusCode, 200, res.body);
    const order: AdminOrder = res.json().order;
    assert.equal(order.status, "paid");
    assert.ok(order.paid_at && Date.now() - Date.parse(order.paid_at) < 60_000, "paid_at is now");
    const now = (await ctx.as(admin).get("/api/admin/dashboard")).json().stats;
    assert.equal(Math.round((now.totalRevenue - before.totalRevenue) * 100), 12345);
    assert.equal(Math.round((now.todayRevenue - before.todayRevenue) * 100), 12345);

    const again = await ctx.as(admin).patch(`/api/admin/orders/${id}/status`, { status: "cancelled" });
    assert.equal(again.statusCode, 409);
    assert.equal(again.json().code, "CONFLICT");
    assert.match(again.json().error, /pendentes/);
    assert.equal((await ctx.as(admin).patch(`/api/admin/orders/${id}/status`, { status: "paid" })).statusCode, 409);

    const audit = await auditRowsOf(id);
    assert.equal(audit.length, 1);
    assert.deepEqual(audit[0].changes, { from: "pending", to: "paid" });
    assert.equal(audit[0].targetType, "order");
    assert.ok(audit[0].adminId, "the admin is recorded");
  });

  test("pending → cancelled leaves paid_at empty and is not revenue", async () => {
    const id = await buildOrder(ctx.app, { amountCents: 999 });
    const res = await ctx.as(admin).patch(`/api/admin/orders/${id}/status`, { status: "cancelled" });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().order.status, "cancelled");
    assert.equal(res.json().order.paid_at, null);
    assert.equal((await auditRowsOf(id)).length, 1);
  });

  test("an unknown order is 404, another status 400, and nothing is audited", async () => {
    const missing = await ctx.as(admin).patch("/api/admin/orders/999999/status", { status: "paid" });
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.json().code, "NOT_FOUND");
    assert.equal((await auditRowsOf(999999)).length, 0);
    const id = await buildOrder(ctx.app);
    const bad = await ctx.as(admin).patch(`/api/admin/orders/${id}/status`, { status: "refunded" });
    assert.equal(bad.statusCode, 400);
    assert.equal((await auditRowsOf(id)).length, 0);
  });
});

describe("GET /api/admin/orders/charts", () => {
  test("every day of the period with orders, paid orders and revenue; statuses with Portuguese labels", async () => {
    const today = todayInSaoPaulo();
    const noon = new Date();
    await buildOrder(ctx.app, { status: "refunded", amountCents: 100, createdAt: noon });
    const res = await ctx.as(admin).get("/api/admin/orders/charts?days=30");
    assert.equal(res.statusCode, 200, res.body);
    const charts: AdminOrderChartsResponse = res.json();
    assert.equal(charts.sales_per_day.length, 30);
    assert.equal(charts.sales_per_day[0].date, addDays(today, -29));
    assert.equal(charts.sales_per_day.at(-1)?.date, today);
    assert.deepEqual(charts.sales_per_day[0], { date: addDays(today, -29), orders: 0, paid_orders: 0, revenue: 0 });
    const todayRow = charts.sales_per_day.at(-1);
    assert.ok(todayRow && todayRow.orders >= todayRow.paid_orders && todayRow.paid_orders >= 1, "today's sales");
    const labels = charts.by_status.map((s) => s.name);
    assert.ok(labels.includes("Pago") && labels.includes("Reembolsado") && labels.includes("Pendente"), labels.join());
    assert.equal(labels.includes("paid"), false);
    const total = charts.sales_per_day.reduce((sum, d) => sum + d.orders, 0);
    assert.equal(
      charts.by_status.reduce((sum, s) => sum + s.value, 0),
      total,
    );
    const year = (await ctx.as(admin).get("/api/admin/orders/charts?days=9999")).json() as AdminOrderChartsResponse;
    assert.equal(year.sales_per_day.length, 365);
    assert.equal((await ctx.as(admin).get("/api/admin/orders/charts")).json().sales_per_day.length, 30);
  });
});

describe("GET /api/admin/orders.csv", () => {
  test("UTF-8 with BOM, ; separated, money 59,90, São Paulo dates, formulas neutralised, the list's filters", async () => {
    await buildOrder(ctx.app, {
      customerName: '=cmd|"/c calc";Ana "Bela"',
      customerEmail: "ana@example.com",
      customerPhone: "+5511999990000",
      productName: "Fotos\nextra",
      amountCents: 5990,
      status: "paid",
      createdAt: new Date("2029-06-02T02:30:00Z"),
      paidAt: new Date("2029-06-02T02:45:00Z"),
    });
    await buildOrder(ctx.app, { amountCents: 123456, status: "pending", createdAt: new Date("2029-06-03T12:00:00Z") });
    const res = await ctx.as(admin).get("/api/admin/orders.csv?from=2029-06-01&to=2029-06-03&status=paid&page=9");
    assert.equal(res.statusCode, 200, res.body);
    assert.match(String(res.headers["content-type"]), /^text\/csv; charset=utf-8/);
    assert.match(String(res.headers["content-disposition"]), /^attachment; filename="pedidos-\d{4}-\d{2}-\d{2}\.csv"$/);
    assert.equal(res.rawPayload.subarray(0, 3).toString("hex"), "efbbbf");
    const lines = res.body.slice(1).split("\r\n");
    assert.equal(lines[0], "ID;Cliente;E-mail;Telefone;Produto;Modelo;Valor (R$);Status;Método;Data;Pago em");
    assert.equal(lines.length, 3, "one order and the final line break");
    const cells = lines[1].split(";");
    assert.equal(cells.length, 12, "the ; inside the quoted name adds one split here");
    assert.equal(lines[1].split(";").slice(1, 3).join(";"), '"\'=cmd|""/c calc"";Ana ""Bela"""');
    assert.ok(lines[1].includes(";'+5511999990000;"), lines[1]);
    assert.ok(lines[1].includes(';"Fotos\nextra";'), lines[1]);
    assert.ok(lines[1].endsWith(';"59,90";Pago;pix;01/06/2029 23:30;01/06/2029 23:45'), lines[1]);

    const pending = await ctx.as(admin).get("/api/admin/orders.csv?from=2029-06-03&to=2029-06-03");
    assert.ok(pending.body.includes(';"1234,56";Pendente;pix;03/06/2029 09:00;'), pending.body);
    const bad = await ctx.as(admin).get("/api/admin/orders.csv?status=talvez");
    assert.equal(bad.statusCode, 400);
  });
});
