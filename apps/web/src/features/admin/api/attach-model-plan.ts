import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminModelResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** PATCH /api/admin/models/{id}/plan { plan_id }: attaches a plan to the model (null detaches it). */
export function attachModelPlan({ id, planId }: { id: number; planId: number | null }): Promise<AdminModelResponse> {
  return api.patch<AdminModelResponse>(apiPaths.admin.modelPlan(id), { plan_id: planId });
}

export function useAttachModelPlan() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: attachModelPlan,
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
  });
}
