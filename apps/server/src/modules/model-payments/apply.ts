import { addDaysToDate, daysBetweenDates, proposeDueDate } from "@vitrine/contracts";
import { eq, sql } from "drizzle-orm";
import { type ModelPaymentRow, type ModelRow, modelPayments, models } from "../../db/schema";
import { flagColumnsWhenPaid } from "../../lib/payment-flags";
import { notifyPaymentConfirmed } from "../mail/service";
import { assertCanActivate } from "../models/activation";
import type { Tx } from "../models/lock-model";

/** The later of two "YYYY-MM-DD" dates (null counts as none). */
function laterOf(a: string | null, b: string): string {
  return a !== null && a > b ? a : b;
}

/**
 * Applies a paid payment to the model whose row the caller has locked: next_due_date becomes the later of its
 * current value and the payment's due_date (a payment without one buys its plan period from the later of today
 * and next_due_date), first_paid_at is set if empty, and the payment is marked applied with the days it added.
 * A payment already applied changes nothing: applied_at is the guard, so marking it paid twice, or two requests
 * racing, move the date once. Answers the model's new next_due_date, or null when nothing changed.
 */
async function applyPaidPayment(input: {
  tx: Tx;
  payment: ModelPaymentRow;
  model: ModelRow;
  today: string;
}): Promise<string | null> {
  const { tx, payment, model, today } = input;
  if (payment.appliedAt) return null;
  const current = model.nextDueDate;
  const dueDate = payment.dueDate ?? proposeDueDate({ today, nextDueDate: current, periodType: payment.periodType });
  const next = laterOf(current, dueDate);
  // The days the model gains: counted from the later of today and her current due date (days already lost to an
  // expired plan were never hers to give back).
  const appliedDays = Math.max(0, daysBetweenDates(laterOf(current, today), next));
  await tx
    .update(models)
    .set({ nextDueDate: next, firstPaidAt: sql`coalesce(${models.firstPaidAt}, now())`, updatedAt: new Date() })
    .where(eq(models.id, model.id));
  await tx.update(modelPayments).set({ appliedAt: new Date(), appliedDays }).where(eq(modelPayments.id, payment.id));
  return next;
}

type Change<T> = { from: T; to: T };

/** What paying a plan payment changed on the model, for the audit row (only what changed is listed). */
export type PaidChanges = {
  next_due_date?: Change<string | null>;
  model_plan_id?: Change<number | null>;
  is_active?: Change<boolean>;
};

/**
 * A plan payment was paid — the one rule every path that learns of it follows (the admin's new payment, the
 * admin's status change, the webhook's and the reconciliation's settlement). The caller has recorded the payment
 * as paid and holds the model's row lock (see lockPayment, lockModelForAdmin). Once per payment (applied_at is the
 * guard, so repeated or racing calls change nothing after the first): the due date moves (applyPaidPayment), the
 * payment's plan becomes the model's, and with `activate` (the admin's quick payment, or the setting
 * auto_release_on_approved for a provider's approval) she is activated. An admin's activation follows the admin's
 * rule: refused with 409 MODEL_OVERDUE when the plan is still not valid afterwards (the whole change rolls back).
 * Every time, applied or not, the payment loses an earlier charge's amount_mismatch flag (flagColumnsWhenPaid).
 * A payment whose model is gone (deleted) changes nothing else. Answers what changed on the model.
 */
export async function markPlanPaymentPaid(input: {
  tx: Tx;
  payment: ModelPaymentRow;
  model: ModelRow | undefined;
  today: string;
  activate: "no" | "admin" | "auto";
}): Promise<PaidChanges> {
  const { tx, payment, model, today, activate } = input;
  const flagColumns = flagColumnsWhenPaid(payment.flag);
  if (Object.keys(flagColumns).length > 0) {
    await tx.update(modelPayments).set(flagColumns).where(eq(modelPayments.id, payment.id));
  }
  if (!model || model.deletedAt || payment.appliedAt) return {};
  const changes: PaidChanges = {};
  const next = await applyPaidPayment({ tx, payment, model, today });
  if (next !== null && next !== model.nextDueDate) changes.next_due_date = { from: model.nextDueDate, to: next };
  if (payment.planId !== null && payment.planId !== model.planId) {
    changes.model_plan_id = { from: model.planId, to: payment.planId };
  }
  if (activate !== "no" && !model.isActive) {
    if (activate === "admin") assertCanActivate(next ?? model.nextDueDate, today);
    changes.is_active = { from: false, to: true };
  }
  if (changes.model_plan_id || changes.is_active) {
    await tx
      .update(models)
      .set({
        ...(changes.model_plan_id ? { planId: changes.model_plan_id.to } : {}),
        ...(changes.is_active ? { isActive: true } : {}),
        updatedAt: new Date(),
      })
      .where(eq(models.id, model.id));
  }
  await notifyPaymentConfirmed(tx, model.id, next ?? model.nextDueDate);
  return changes;
}

/**
 * Takes an applied payment back (it is un-paid, refunded or deleted): the model's next_due_date goes back by the
 * days that payment added, never before today, and never later than it is now (an expired plan stays expired).
 * first_paid_at stays: she did pay once. A payment never applied changes nothing. Answers the new
 * next_due_date, or null when nothing changed.
 */
export async function takeBackPayment(input: {
  tx: Tx;
  payment: ModelPaymentRow;
  model: ModelRow | undefined;
  today: string;
}): Promise<string | null> {
  const { tx, payment, model, today } = input;
  if (!payment.appliedAt) return null;
  await tx.update(modelPayments).set({ appliedAt: null, appliedDays: null }).where(eq(modelPayments.id, payment.id));
  const current = model?.nextDueDate ?? null;
  if (!model || model.deletedAt || current === null) return null;
  const back = laterOf(today, addDaysToDate(current, -(payment.appliedDays ?? 0)));
  const next = back < current ? back : current;
  if (next === current) return null;
  await tx.update(models).set({ nextDueDate: next, updatedAt: new Date() }).where(eq(models.id, model.id));
  return next;
}
