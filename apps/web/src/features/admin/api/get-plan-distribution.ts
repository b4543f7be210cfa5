import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ChartSlice, PlanDistributionResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/**
 * GET /api/admin/plans/distribution: models per plan ("Sem plano" for none). A failure is an empty list: the
 * charts then show their empty state instead of an error.
 */
export async function getPlanDistribution(): Promise<ChartSlice[]> {
  try {
    const { planDist } = await api.get<PlanDistributionResponse>(apiPaths.admin.plansDistribution, {
      background: true,
    });
    return planDist;
  } catch {
    return [];
  }
}

export const planDistributionQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.planDistribution(), queryFn: getPlanDistribution });

export function usePlanDistribution() {
  return useQuery(planDistributionQueryOptions());
}
