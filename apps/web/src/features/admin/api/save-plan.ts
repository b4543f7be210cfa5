import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminPlanResponse, PlanBody } from "@vitrine/contracts";
import { settingsKeys } from "@/features/settings/api/query-keys";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** POST /api/admin/plans (new) or PUT /api/admin/plans/{id} (the whole plan) → { plan }. */
export function savePlan({ id, body }: { id: number | null; body: PlanBody }): Promise<AdminPlanResponse> {
  return id === null
    ? api.post<AdminPlanResponse>(apiPaths.admin.plans, body)
    : api.put<AdminPlanResponse>(apiPaths.admin.plan(id), body);
}

/** Plans also feed the public plan list (renewal dialog): both are refreshed after a change. */
export function useInvalidatePlans() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: adminKeys.plans() }),
      queryClient.invalidateQueries({ queryKey: settingsKeys.plans() }),
    ]);
}

export function useSavePlan() {
  const invalidatePlans = useInvalidatePlans();
  return useMutation({ mutationFn: savePlan, onSettled: invalidatePlans });
}
