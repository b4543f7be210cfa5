// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import type { PlanRow } from "../db/schema";
import { addDays, periodDays } from "../lib/dates";
import { drawAccount } from "./demo-accounts";
import { drawOrders } from "./demo-sales";
import { daysBetween, saoPauloMoment } from "./demo-time";
import { drawVisits } from "./demo-visits";
import { createRandom } from "./random";

const today = "2026-11-22";
const now = new Date("2026-11-22T18:00:00Z");
const plan = (id: number, periodType: string, priceCents: number): PlanRow => ({
  id,
  name: `Plano ${id}`,
  priceCents,
  periodType,
  highlight: false,
  paymentMethods: ["pix"],
  active: true,
  createdAt: now,
});
const planList = [plan(1, "weekly", 3990), plan(2, "monthly", 10000), plan(3, "yearly", 99000)];

describe("demo data", () => {
  test("São Paulo moments: midnight of the 23rd is 03:00 UTC", () => {
    assert.equal(saoPauloMoment("2026-11-23", 0).toISOString(), "2026-11-23T03:00:00.000Z");
    assert.equal(saoPauloMoment("2026-11-22", 23 * 60 + 30).toISOString(), "2026-11-23T02:30:00.000Z");
    assert.equal(daysBetween("2026-02-27", "2026-03-01"), 2);
  });

  test("each model's paid payments cover back-to-back plan periods ending on her next_due_date", () => {
    const random = createRandom(7);
    for (let n = 1; n <= 300; n++) {
      const hidden = n % 15 === 0 ? (["expired", "inactive", "unpaid"] as const)[(n / 15) % 3] : null;
      const account = drawAccount(random, { n, hidden, planList, today, now });
      const paid = account.payments.filter((p) => p.status === "paid");
      const pending = account.payments.filter((p) => p.status === "pending");
      for (const p of account.payments) {
        assert.ok(p.createdAt && p.createdAt <= now, `payment of model ${n} created in the past`);
        assert.ok(!p.paidAt || p.paidAt <= now, `payment of model ${n} paid in the past`);
        assert.equal(p.amountCents, planList.find((x) => x.id === p.planId)?.priceCents);
      }
      if (hidden === "unpaid") {
        assert.equal(account.nextDueDate, null);
        assert.equal(account.firstPaidAt, null);
        assert.equal(paid.length, 0);
        continue;
      }
      const due = account.nextDueDate as string;
      assert.ok(hidden === "expired" ? due <= today : due > today, `model ${n}: due date ${due}`);
      assert.equal(paid[0].dueDate, due, "the latest paid payment ends on next_due_date");
      const period = periodDays(paid[0].periodType);
      for (let i = 1; i < paid.length; i++)
        assert.equal(paid[i].dueDate, addDays(paid[i - 1].dueDate as string, -period));
      assert.equal(account.firstPaidAt, paid.at(-1)?.paidAt);
      assert.ok(account.createdAt < (account.firstPaidAt as Date), `model ${n} registered before paying`);
      for (const p of pending) assert.equal(p.dueDate, addDays(due > today ? due : today, period));
    }
  });

  test("orders: 5 to 15 a day (today only up to now), on the given products; visits with a weekly rhythm", () => {
    const products = [
      { id: 10, modelId: 1, name: "Vídeo", priceCents: 5990 },
      { id: 11, modelId: 2, name: "Fotos", priceCents: 2990 },
    ];
    const orders = drawOrders(createRandom(1), { products, today, now, days: 90 });
    const perDay = new Map<string, number>();
    for (const o of orders) {
      const day = new Date((o.createdAt as Date).getTime() - 3 * 3600_000).toISOString().slice(0, 10);
      perDay.set(day, (perDay.get(day) ?? 0) + 1);
      assert.ok((o.createdAt as Date) <= now, "no order in the future");
      assert.ok(products.some((p) => p.id === o.productId && p.priceCents === o.amountCents));
      assert.equal(o.status === "paid", o.paidAt !== null, "paid orders, and only they, have paid_at");
      assert.match(o.customerEmail ?? "", /^[a-z._0-9]+@(example\.(com|net|org)|exemplo\.com\.br)$/);
    }
    assert.equal(perDay.size, 90);
    for (const [day, count] of perDay) if (day !== today) assert.ok(count >= 5 && count <= 15, `${day}: ${count}`);
    assert.deepEqual(new Set(orders.map((o) => o.status)), new Set(["paid", "pending", "cancelled"]));

    const visits = drawVisits(createRandom(2), {
      cities: [{ municipioId: 3550308, city: "São Paulo - SP", weight: 3 }],
      today,
      now,
      days: 28,
    });
    const byWeekday = Array<number>(7).fill(0);
    for (const v of visits) byWeekday[new Date((v.createdAt as Date).getTime() - 3 * 3600_000).getUTCDay()] += 1;
    assert.ok(byWeekday[6] > byWeekday[1] * 1.3, `Saturdays busier than Mondays: ${byWeekday.join()}`);
    assert.ok(visits.length > 28 * 250, `hundreds a day: ${visits.length}`);
    assert.ok(visits.every((v) => (v.page === "home") === (v.city === undefined)));
  });
});
