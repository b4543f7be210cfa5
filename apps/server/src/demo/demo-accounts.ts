import { eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { type modelPayments, type PlanRow, plans } from "../db/schema";
import { addDays, periodDays } from "../lib/dates";
import { saoPauloMoment } from "./demo-time";
import type { createRandom } from "./random";

type Random = ReturnType<typeof createRandom>;
export type PaymentDraft = Omit<typeof modelPayments.$inferInsert, "modelId">;

/** Plans offered on the demo site when the plans table is still empty. */
const DEMO_PLANS = [
  { name: "Plano Semanal", priceCents: 3990, periodType: "weekly", highlight: false },
  { name: "Plano Mensal", priceCents: 10000, periodType: "monthly", highlight: true },
  { name: "Plano Anual", priceCents: 99000, periodType: "yearly", highlight: false },
];

/** The active plans of the plans table, created first when there is none. */
export async function ensureDemoPlans(db: Db): Promise<PlanRow[]> {
  const active = await db.select().from(plans).where(eq(plans.active, true)).orderBy(plans.id);
  return active.length > 0 ? active : db.insert(plans).values(DEMO_PLANS).returning();
}

/** Payment history kept in the demo: the payments of the last 90 days (at least the one paying today's plan). */
const HISTORY_DAYS = 90;

/** A plan by period, most models paying monthly; any plan when the table has none of that period. */
function pickPlan(random: Random, list: PlanRow[]): PlanRow {
  const r = random.next();
  const period = r < 0.2 ? "weekly" : r < 0.8 ? "monthly" : "yearly";
  const ofPeriod = list.filter((p) => p.periodType === period);
  return random.pick(ofPeriod.length > 0 ? ofPeriod : list);
}

const METHODS = ["cash", "mercadopago", "mercadopago", "pix_emv", "pix_emv"] as const;

function draftPayment(
  random: Random,
  plan: PlanRow,
  fields: { day: string; dueDate: string; status: "paid" | "pending"; now: Date; tag: string },
): PaymentDraft {
  const method = random.pick(METHODS);
  const at = saoPauloMoment(fields.day, random.int(8 * 60, 22 * 60));
  const createdAt = new Date(Math.min(at.getTime(), fields.now.getTime() - 60_000));
  const paidAt = fields.status === "paid" ? new Date(createdAt.getTime() + random.int(1, 90) * 60_000) : null;
  return {
    planId: plan.id,
    planName: plan.name,
    periodType: plan.periodType,
    amountCents: plan.priceCents,
    method,
    description: `${plan.name} - renovação`,
    status: fields.status,
    dueDate: fields.dueDate,
    paymentId: method === "mercadopago" && paidAt ? `demo-${fields.tag}` : null,
    pixTxid: method === "pix_emv" ? `DEMO${fields.tag.replace(/\W/g, "")}` : null,
    paidAt: paidAt && paidAt > fields.now ? fields.now : paidAt,
    appliedAt: paidAt && paidAt > fields.now ? fields.now : paidAt,
    createdAt,
  };
}

export type DemoAccount = {
  planId: number | null;
  nextDueDate: string | null;
  firstPaidAt: Date | null;
  createdAt: Date;
  payments: PaymentDraft[];
};

/**
 * A demo model's plan and payments, consistent with each other: each paid payment covers one plan period ending
 * on its due date, the latest ending on next_due_date (in the past for an expired model). Some models also have
 * a pending renewal (a link or a Pix sent, not paid yet); a model that never paid may have a pending first one.
 */
export function drawAccount(
  random: Random,
  {
    n,
    hidden,
    planList,
    today,
    now,
  }: { n: number; hidden: string | null; planList: PlanRow[]; today: string; now: Date },
): DemoAccount {
  const plan = pickPlan(random, planList);
  const period = periodDays(plan.periodType);
  if (hidden === "unpaid") {
    const registered = addDays(today, -random.int(0, 60));
    const payments =
      random.next() < 0.5
        ? [
            draftPayment(random, plan, {
              day: today,
              dueDate: addDays(today, period),
              status: "pending",
              now,
              tag: `${n}p`,
            }),
          ]
        : [];
    return { planId: null, nextDueDate: null, firstPaidAt: null, createdAt: saoPauloMoment(registered, 600), payments };
  }
  const nextDueDate = hidden === "expired" ? addDays(today, -random.int(1, 20)) : addDays(today, random.int(1, period));
  const payments: PaymentDraft[] = [];
  let dueDate = nextDueDate;
  do {
    const day = addDays(dueDate, -period);
    payments.push(draftPayment(random, plan, { day, dueDate, status: "paid", now, tag: `${n}-${payments.length}` }));
    dueDate = day;
  } while (dueDate > addDays(today, -HISTORY_DAYS) && payments.length < 20);
  const renewalDue = addDays(nextDueDate > today ? nextDueDate : today, period);
  if (hidden === "expired" ? random.next() < 0.5 : random.next() < 0.12) {
    const day = addDays(today, -random.int(0, 3));
    payments.push(draftPayment(random, plan, { day, dueDate: renewalDue, status: "pending", now, tag: `${n}r` }));
  }
  const firstPaidAt = payments.filter((p) => p.paidAt).at(-1)?.paidAt ?? null;
  const registered = new Date((firstPaidAt ?? now).getTime() - random.int(1, 10) * 86_400_000);
  return { planId: plan.id, nextDueDate, firstPaidAt, createdAt: registered, payments };
}
