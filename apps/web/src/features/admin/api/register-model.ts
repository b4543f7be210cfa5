import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminModelResponse, AdminRegisterModelBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** POST /api/admin/models: an admin registers a model (every field required); she starts inactive, unpaid. */
export function registerModel(body: AdminRegisterModelBody): Promise<AdminModelResponse> {
  return api.post<AdminModelResponse>(apiPaths.admin.models, body);
}

export function useRegisterModel() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: registerModel,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
        queryClient.invalidateQueries({ queryKey: adminKeys.dashboard() }),
      ]),
  });
}
