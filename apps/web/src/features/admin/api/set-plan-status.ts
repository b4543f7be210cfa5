import { useMutation } from "@tanstack/react-query";
import type { AdminPlanResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { useInvalidatePlans } from "./save-plan";

/** PATCH /api/admin/plans/{id}/status { active }: an inactive plan is no longer offered to models. */
export function setPlanStatus({ id, active }: { id: number; active: boolean }): Promise<AdminPlanResponse> {
  return api.patch<AdminPlanResponse>(apiPaths.admin.planStatus(id), { active });
}

export function useSetPlanStatus() {
  const invalidatePlans = useInvalidatePlans();
  return useMutation({ mutationFn: setPlanStatus, onSettled: invalidatePlans });
}
