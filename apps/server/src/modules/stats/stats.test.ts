import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { AdminStats, AdminStatsResponse } from "@vitrine/contracts";
import { sql } from "drizzle-orm";
import { buildModel, buildOrder, buildVisits } from "../../test/factories";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { startOfLocalDay } from "../../lib/sql-days";
import { categories as categoriesTable } from "../../db/schema";
import { getDashboardStats, getSiteStats } from "./service";

const ctx = useTestContext();
let admin: string;
let modelToken: string;
before(async () => {
  admin = await signedInAdmin(ctx);
  modelToken = (await registeredAdvertiser(ctx)).token;
});

/** The instant São Paulo's day begins, as the database computes it (time-zone database, not a fixed offset). */
async function startOf(day: string): Promise<Date> {
  const [row] = await ctx.app.db.select({ at: sql<string>`${startOfLocalDay(day)}::text` }).from(sql`(select 1) x`);
  return new Date(row.at.replace(" ", "T").replace(/([+-]\d\d)$/, "$1:00"));
}

const minutes = (at: Date, n: number) => new Date(at.getTime() + n * 60_000);

async function dashboard(): Promise<AdminStats> {
  const res = await ctx.as(admin).get("/api/admin/dashboard");
  assert.equal(res.statusCode, 200, res.body);
  return res.json().stats;
}

describe("admin statistics: who may call", () => {
  for (const url of ["/api/admin/dashboard", "/api/admin/stats?days=7", "/api/admin/logs?days=7"]) {
    test(`${url}: no token 401, a model 403, an admin 200`, async () => {
      assert.equal((await ctx.as(null).get(url)).statusCode, 401);
      const asModel = await ctx.as(modelToken).get(url);
      assert.equal(asModel.statusCode, 403);
      assert.equal(asModel.json().code, "FORBIDDEN");
      assert.equal((await ctx.as(admin).get(url)).statusCode, 200);
    });
  }
});

describe("GET /api/admin/dashboard", () => {
  test("revenue counts paid orders only, today being the São Paulo day", async () => {
    const start = await startOf(todayInSaoPaulo());
    const before = await dashboard();
    await buildOrder(ctx.app, { status: "paid", amountCents: 5990, createdAt: minutes(start, 1) });
    await buildOrder(ctx.app, { status: "paid", amountCents: 10000, createdAt: minutes(start, -1) });
    await buildOrder(ctx.app, { status: "pending", amountCents: 70000, createdAt: minutes(start, 2) });
    await buildOrder(ctx.app, { status: "cancelled", amountCents: 80000, createdAt: minutes(start, 3) });
    const now = await dashboard();
    assert.equal(now.totalOrders - before.totalOrders, 4);
    assert.equal(now.todayOrders - before.todayOrders, 3, "the order a minute before midnight was yesterday");
    assert.equal(Math.round((now.totalRevenue - before.totalRevenue) * 100), 15990);
    assert.equal(Math.round((now.todayRevenue - before.todayRevenue) * 100), 5990);
  });

  test("an order at 02:30 UTC on the 23rd is São Paulo's 22nd; at 03:00 UTC it is the 23rd", async () => {
    const db = ctx.app.db;
    const before22 = await getDashboardStats({ db, today: "2031-11-22" });
    const before23 = await getDashboardStats({ db, today: "2031-11-23" });
    await buildOrder(ctx.app, { status: "paid", amountCents: 1234, createdAt: new Date("2031-11-23T02:30:00Z") });
    await buildOrder(ctx.app, { status: "paid", amountCents: 4321, createdAt: new Date("2031-11-23T03:00:00Z") });
    const on22 = await getDashboardStats({ db, today: "2031-11-22" });
    const on23 = await getDashboardStats({ db, today: "2031-11-23" });
    assert.equal(on22.orders.todayOrders - before22.orders.todayOrders, 1);
    assert.equal(Math.round((on22.orders.todayRevenue - before22.orders.todayRevenue) * 100), 1234);
    assert.equal(on23.orders.todayOrders - before23.orders.todayOrders, 1);
    assert.equal(Math.round((on23.orders.todayRevenue - before23.orders.todayRevenue) * 100), 4321);
  });

  test("models: deleted accounts are not counted; active and verified are counted apart", async () => {
    const before = await dashboard();
    await buildModel(ctx.app, { isActive: true, isVerified: true });
    await buildModel(ctx.app, { isActive: false, isVerified: true });
    await buildModel(ctx.app, { isActive: true, isVerified: false });
    await buildModel(ctx.app, { isActive: true, isVerified: true, deletedAt: new Date() });
    const now = await dashboard();
    assert.equal(now.totalModels - before.totalModels, 3);
    assert.equal(now.activeModels - before.activeModels, 2);
    assert.equal(now.verifiedModels - before.verifiedModels, 2);
  });
});

describe("GET /api/admin/stats", () => {
  test("every day of the period is in the series, zeros included, ending today", async () => {
    const today = todayInSaoPaulo();
    const startToday = await startOf(today);
    const startTwoDaysAgo = await startOf(addDays(today, -2));
    await buildVisits(ctx.app, [minutes(startToday, 5), minutes(startToday, 6), minutes(startTwoDaysAgo, 10)]);
    await buildVisits(ctx.app, [minutes(startTwoDaysAgo, -5)], null); // 23:55 the day before
    const res = await ctx.as(admin).get("/api/admin/stats?days=7");
    assert.equal(res.statusCode, 200, res.body);
    const stats: AdminStatsResponse = res.json();
    assert.equal(stats.days, 7);
    assert.deepEqual(
      stats.visits_per_day.map((d) => d.date),
      Array.from({ length: 7 }, (_, i) => addDays(today, i - 6)),
    );
    assert.deepEqual(
      stats.visits_per_day.map((d) => d.visits),
      [0, 0, 0, 1, 1, 0, 2],
    );
    assert.equal(stats.sales_per_day.length, 7);
    assert.deepEqual(stats.sales_per_day[0], { date: addDays(today, -6), orders: 0, paid_orders: 0, revenue: 0 });
    assert.equal(
      stats.summary.visits,
      stats.visits_per_day.reduce((sum, d) => sum + d.visits, 0),
    );
  });

  test("'Tudo' (9999 days) counts everything but draws the last 365 days; another period is refused", async () => {
    const res = await ctx.as(admin).get("/api/admin/stats?days=9999");
    assert.equal(res.statusCode, 200);
    const stats: AdminStatsResponse = res.json();
    assert.equal(stats.visits_per_day.length, 365);
    assert.equal(stats.sales_per_day.length, 365);
    assert.equal(stats.visits_per_day.at(-1)?.date, todayInSaoPaulo());
    assert.equal((await ctx.as(admin).get("/api/admin/stats")).json().days, 30);
    const bad = await ctx.as(admin).get("/api/admin/stats?days=14");
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, "VALIDATION_ERROR");
  });

  test("sales per day and the cards over a fixed period: paid orders only are revenue", async () => {
    const db = ctx.app.db;
    const day = (d: string, h = 15) => new Date(`${d}T${String(h).padStart(2, "0")}:00:00Z`);
    await buildOrder(ctx.app, { status: "paid", amountCents: 5990, createdAt: day("2032-03-01") });
    await buildOrder(ctx.app, { status: "paid", amountCents: 10, createdAt: day("2032-03-01") });
    await buildOrder(ctx.app, { status: "pending", amountCents: 9999, createdAt: day("2032-03-01") });
    await buildOrder(ctx.app, { status: "cancelled", amountCents: 9999, createdAt: day("2032-03-03") });
    await buildOrder(ctx.app, { status: "paid", amountCents: 100, createdAt: day("2032-03-04", 2) }); // 3rd in SP
    await buildOrder(ctx.app, { status: "paid", amountCents: 100, createdAt: day("2032-02-22") }); // before
    await buildVisits(ctx.app, [day("2032-03-02"), day("2032-03-02"), day("2032-03-04", 1)], "Recife - PE");
    const stats = await getSiteStats({ db, days: 7, today: "2032-03-03" });
    assert.deepEqual(stats.salesPerDay.slice(-3), [
      { date: "2032-03-01", orders: 3, paid_orders: 2, revenue: 60 },
      { date: "2032-03-02", orders: 0, paid_orders: 0, revenue: 0 },
      { date: "2032-03-03", orders: 2, paid_orders: 1, revenue: 1 },
    ]);
    assert.equal(stats.salesPerDay[0].date, "2032-02-26");
    assert.deepEqual(stats.orderSums, { orders: 5, todayOrders: 0, revenue: 61, todayRevenue: 0 });
    assert.equal(stats.visits, 3);
    assert.deepEqual(stats.topCities, [{ name: "Recife - PE", value: 3 }]);
  });

  test("top models by views and top cities by visits: real counts, most first", async () => {
    await buildModel(ctx.app, { name: "Mais Vista", viewsCount: 900_003, contactCount: 40 });
    await buildModel(ctx.app, { name: "Segunda", viewsCount: 900_002, contactCount: 7 });
    await buildModel(ctx.app, { name: "Excluída", viewsCount: 900_009, deletedAt: new Date() });
    const when = (h: number) => new Date(`2033-05-10T${String(h).padStart(2, "0")}:00:00Z`);
    await buildVisits(ctx.app, [when(12), when(13), when(14)], "Natal - RN");
    await buildVisits(ctx.app, [when(12), when(13)], "Manaus - AM");
    await buildVisits(ctx.app, [when(12)], null);
    const stats = await getSiteStats({ db: ctx.app.db, days: 7, today: "2033-05-10" });
    assert.deepEqual(
      stats.mostViewed.slice(0, 2).map((m) => [m.name, m.views, m.contacts]),
      [
        ["Mais Vista", 900_003, 40],
        ["Segunda", 900_002, 7],
      ],
    );
    const views = stats.mostViewed.map((m) => m.views);
    assert.deepEqual(
      views,
      [...views].sort((a, b) => b - a),
    );
    assert.deepEqual(stats.topCities, [
      { name: "Natal - RN", value: 3 },
      { name: "Manaus - AM", value: 2 },
    ]);
    assert.equal(stats.visits, 6);
  });

  test("top categories count publicly visible models only", async () => {
    await buildModel(ctx.app, { categoryId: 2 });
    await buildModel(ctx.app, { categoryId: 2 });
    await buildModel(ctx.app, { categoryId: 2, deletedAt: new Date() });
    await buildModel(ctx.app, { categoryId: 3, isActive: false });
    await buildModel(ctx.app, { categoryId: 3, validDays: 0 });
    const names = new Map((await ctx.app.db.select().from(categoriesTable)).map((c) => [c.id, c.name]));
    const stats: AdminStatsResponse = (await ctx.as(admin).get("/api/admin/stats?days=7")).json();
    const visibleIn = new Map(stats.top_categories.map((c) => [c.name, c.value]));
    assert.equal(visibleIn.get(names.get(2) ?? ""), 2);
    assert.equal(visibleIn.has(names.get(3) ?? ""), false, "a category with hidden models only is left out");
    const values = stats.top_categories.map((c) => c.value);
    assert.deepEqual(
      values,
      [...values].sort((a, b) => b - a),
    );
    assert.equal(stats.top_models.length <= 10, true);
    assert.equal(stats.views_vs_contacts.length <= 30, true);
  });
});

describe("GET /api/admin/logs", () => {
  test("created_at and city of the period, newest first", async () => {
    const start = await startOf(todayInSaoPaulo());
    await buildVisits(ctx.app, [minutes(start, 30)], "Belém - PA");
    await buildVisits(ctx.app, [minutes(start, 31)], null);
    await buildVisits(ctx.app, [minutes(start, -24 * 60 * 3)], "Antigo - XX");
    const res = await ctx.as(admin).get("/api/admin/logs?days=1");
    assert.equal(res.statusCode, 200, res.body);
    const { logs } = res.json() as { logs: { created_at: string; city: string | null }[] };
    assert.equal(
      logs.some((l) => l.city === "Belém - PA"),
      true,
    );
    assert.equal(
      logs.some((l) => l.city === null),
      true,
    );
    assert.equal(
      logs.some((l) => l.city === "Antigo - XX"),
      false,
    );
    const times = logs.map((l) => l.created_at);
    assert.deepEqual(times, [...times].sort().reverse());
    assert.deepEqual(Object.keys(logs[0]).sort(), ["city", "created_at"]);
    assert.equal((await ctx.as(admin).get("/api/admin/logs?days=0")).statusCode, 400);
  });
});
