import { z } from "zod";

export const PERIOD_TYPES = ["weekly", "monthly", "yearly"] as const;
export const PeriodTypeSchema = z.enum(PERIOD_TYPES, { error: "Período inválido" });
export type PeriodType = z.infer<typeof PeriodTypeSchema>;
export const PERIOD_LABELS: Record<PeriodType, string> = { weekly: "Semanal", monthly: "Mensal", yearly: "Anual" };

export const PAYMENT_METHODS = ["pix", "cartao", "boleto"] as const;
export const PlanPaymentMethodSchema = z.enum(PAYMENT_METHODS, { error: "Forma de pagamento inválida" });
export type PlanPaymentMethod = z.infer<typeof PlanPaymentMethodSchema>;

export const PublicPlanSchema = z.object({
  id: z.number(),
  name: z.string(),
  price: z.number(),
  period_type: PeriodTypeSchema,
  highlight: z.boolean(),
  payment_methods: z.array(PlanPaymentMethodSchema),
});
export type PublicPlan = z.infer<typeof PublicPlanSchema>;
export const PublicPlansResponseSchema = z.object({ plans: z.array(PublicPlanSchema) });
export type PublicPlansResponse = z.infer<typeof PublicPlansResponseSchema>;

/** Label for a period; an unknown or missing period shows as monthly. */
export function periodLabel(period: string | null | undefined): string {
  return PERIOD_LABELS[(period ?? "monthly") as PeriodType] ?? PERIOD_LABELS.monthly;
}
