import { type AdminPlan, formatBRL, periodLabel, proposeDueDate } from "@vitrine/contracts";

/** The quick payment, "Gerar link de pagamento" and "Gerar PIX (EMV)" charge this fixed amount (reais). */
export const ADMIN_FIXED_AMOUNT = 100;
/** What a payment without a chosen plan stands for: the monthly fallback plan at the fixed amount. */
export const FALLBACK_PLAN_LABEL = `Plano Mensal — ${formatBRL(ADMIN_FIXED_AMOUNT)}`;

/** An amount in reais as the amount field shows it: 59.9 → "59,90". */
export function toAmountText(reais: number): string {
  return formatBRL(reais).replace(/^R\$[\s\u00a0]*/, "");
}

/** "Plano Ouro — R$ 59,90 (Mensal)" for a plan select. */
export function planOptionLabel(plan: Pick<AdminPlan, "name" | "price" | "period_type">): string {
  return `${plan.name} — ${formatBRL(plan.price)} (${periodLabel(plan.period_type)})`;
}

/**
 * What choosing a plan (or none) proposes for a new payment: the plan's price (else the fixed amount) and the due
 * date counted from the later of today and the model's current due date (monthly without a plan).
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
    amount: toAmountText(plan ? plan.price : ADMIN_FIXED_AMOUNT),
    due_date: proposeDueDate({ today, nextDueDate, periodType: plan?.period_type ?? "monthly" }),
  };
}
