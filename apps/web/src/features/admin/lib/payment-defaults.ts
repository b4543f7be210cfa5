import { type AdminPlan, formatBRL, periodLabel, proposeDueDate } from "@vitrine/contracts";
import { amountToMasked } from "@/lib/money-input";

/** What an admin payment proposes when no plan is chosen (the model has none): this amount, in reais. */
export const ADMIN_FIXED_AMOUNT = 100;
/** What a payment without a chosen plan stands for: the monthly fallback plan at the fixed amount. */
export const FALLBACK_PLAN_LABEL = `Plano Mensal — ${formatBRL(ADMIN_FIXED_AMOUNT)}`;

/**
 * The plan an admin payment for this model proposes: hers, when it is among `plans` (the plans that can be
 * chosen); else none, and the fixed amount is proposed.
 */
export function modelPlanAmong<P extends Pick<AdminPlan, "id">>(plans: readonly P[], planId: number | null): P | null {
  return plans.find((p) => p.id === planId) ?? null;
}

/** "Plano Ouro — R$ 59,90 (Mensal)" for a plan select. */
export function planOptionLabel(plan: Pick<AdminPlan, "name" | "price" | "period_type">): string {
  return `${plan.name} — ${formatBRL(plan.price)} (${periodLabel(plan.period_type)})`;
}

/**
 * What choosing a plan (or none) proposes for a new payment: the plan's price (else the fixed amount), as the money
 * field shows it ("R$ 29,90"), and the due date counted from the later of today and the model's current due date (monthly without a plan).
 */
export function proposePayment({
  plan,
  today,
  nextDueDate,
}: {
  plan: Pick<AdminPlan, "price" | "period_type"> | null | undefined;
  today: string;
  nextDueDate: string | null;
}): { amount: string; due_date: string } {
  return {
    amount: amountToMasked(plan ? plan.price : ADMIN_FIXED_AMOUNT),
    due_date: proposeDueDate({ today, nextDueDate, periodType: plan?.period_type ?? "monthly" }),
  };
}
