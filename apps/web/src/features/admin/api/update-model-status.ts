import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminModelResponse, AdminModelStatusBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/**
 * PATCH /api/admin/models/{id}/status { is_active } or { is_verified }. Activating a model whose plan is due
 * fails with code MODEL_OVERDUE (the screen offers a payment first).
 */
export function updateModelStatus({ id, ...body }: { id: number } & AdminModelStatusBody): Promise<AdminModelResponse> {
  return api.patch<AdminModelResponse>(apiPaths.admin.modelStatus(id), body);
}

export function useUpdateModelStatus() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateModelStatus,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      ]),
  });
}
