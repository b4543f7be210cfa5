import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminPlan, AdminPlansResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/plans: every plan, active or not, with how many models use it. */
export async function getAdminPlans(): Promise<AdminPlan[]> {
  const { plans } = await api.get<AdminPlansResponse>(apiPaths.admin.plans);
  return plans;
}

export const adminPlansQueryOptions = () => queryOptions({ queryKey: adminKeys.plans(), queryFn: getAdminPlans });

export function useAdminPlans() {
  return useQuery(adminPlansQueryOptions());
}
