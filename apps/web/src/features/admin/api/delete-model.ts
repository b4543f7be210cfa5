import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** DELETE /api/admin/models/{id}: photos and products go; payments and orders stay with the model's name. */
export function deleteModel(id: number): Promise<Success> {
  return api.delete<Success>(apiPaths.admin.model(id));
}

export function useDeleteModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModel,
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      ]),
  });
}
