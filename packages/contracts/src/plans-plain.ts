// No zod here: the public pages load this file (the schemas are in plans.ts, which re-exports it).

export const PERIOD_TYPES = ["weekly", "monthly", "yearly"] as const;
export type PeriodType = (typeof PERIOD_TYPES)[number];
export const PERIOD_LABELS: Record<PeriodType, string> = { weekly: "Semanal", monthly: "Mensal", yearly: "Anual" };

export const PAYMENT_METHODS = ["pix", "cartao", "boleto"] as const;

/** Label for a period; an unknown or missing period shows as monthly. */
export function periodLabel(period: string | null | undefined): string {
  return PERIOD_LABELS[(period ?? "monthly") as PeriodType] ?? PERIOD_LABELS.monthly;
}
