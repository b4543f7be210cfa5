import { z } from "zod";
import { PAYMENT_METHODS, PERIOD_TYPES } from "./plans-plain";

export * from "./plans-plain";

export const PeriodTypeSchema = z.enum(PERIOD_TYPES, { error: "Período inválido" });

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
