import {
  PAYMENT_METHODS,
  PERIOD_TYPES,
  type PeriodType,
  type PlanPaymentMethod,
  type PublicPlan,
} from "@vitrine/contracts";
import type { PlanRow } from "../../db/schema";
import { fromCents } from "../../lib/money";

export function presentPlan(row: PlanRow): PublicPlan {
  return {
    id: row.id,
    name: row.name,
    price: fromCents(row.priceCents),
    period_type: (PERIOD_TYPES as readonly string[]).includes(row.periodType)
      ? (row.periodType as PeriodType)
      : "monthly",
    highlight: row.highlight,
    payment_methods: row.paymentMethods.filter((m): m is PlanPaymentMethod =>
      (PAYMENT_METHODS as readonly string[]).includes(m),
    ),
  };
}
