import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminPlan, AdminPlansResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/plans: every plan, active or not, with how many models use it. */
export async function getPlans(): Promise<AdminPlan[]> {
  const { plans } = await api.get<AdminPlansResponse>(apiPaths.admin.plans);
  return plans;
}

export const plansQueryOptions = () => queryOptions({ queryKey: adminKeys.plans(), queryFn: getPlans });

export function usePlans() {
  return useQuery(plansQueryOptions());
}
