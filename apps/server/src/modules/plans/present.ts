import type { AdminPlan } from "@vitrine/contracts";
import type { PlanRow } from "../../db/schema";
import { presentPlan } from "../settings/present";

/** A plan as the back-office sees it: the public fields plus active, created_at and how many models have it. */
export function presentAdminPlan({ plan, modelsCount }: { plan: PlanRow; modelsCount: number }): AdminPlan {
  return {
    ...presentPlan(plan),
    active: plan.active,
    created_at: plan.createdAt.toISOString(),
    models_count: modelsCount,
  };
}
