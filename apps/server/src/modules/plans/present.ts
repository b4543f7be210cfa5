import {
  type AdminPlan,
  PAYMENT_METHODS,
  PERIOD_TYPES,
  type PeriodType,
  type PlanPaymentMethod,
} from "@vitrine/contracts";
import type { PlanRow } from "../../db/schema";
import { fromCents } from "../../lib/money";

const isPeriod = (v: string): v is PeriodType => (PERIOD_TYPES as readonly string[]).includes(v);
const isMethod = (v: string): v is PlanPaymentMethod => (PAYMENT_METHODS as readonly string[]).includes(v);

/** A plan as the back-office sees it, with how many models have it. An unknown stored period reads as monthly. */
export function presentAdminPlan({ plan, modelsCount }: { plan: PlanRow; modelsCount: number }): AdminPlan {
  return {
    id: plan.id,
    name: plan.name,
    price: fromCents(plan.priceCents),
    period_type: isPeriod(plan.periodType) ? plan.periodType : "monthly",
    highlight: plan.highlight,
    payment_methods: plan.paymentMethods.filter(isMethod),
    active: plan.active,
    created_at: plan.createdAt.toISOString(),
    models_count: modelsCount,
  };
}
