import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminServiceOptionsResponse, ServiceOptionBody, ServiceOptionResponse } from "@vitrine/contracts";
import { serviceOptionsKey } from "@/features/categories/api/get-service-options";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/service-options: the service names the profile editor offers, with their ids. */
export const useAdminServiceOptions = () =>
  useQuery({
    queryKey: adminKeys.serviceOptions(),
    queryFn: async () => (await api.get<AdminServiceOptionsResponse>(apiPaths.admin.serviceOptions)).options,
  });

/** After a change: the admin's list and the public one (the editor's choices) are read again. */
function useRefresh() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.serviceOptions() });
    void queryClient.invalidateQueries({ queryKey: serviceOptionsKey() });
  };
}

/** POST /api/admin/service-options { name } → { option }; a name already listed is refused (409). */
export function useAddServiceOption() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: ServiceOptionBody) => api.post<ServiceOptionResponse>(apiPaths.admin.serviceOptions, body),
    onSuccess: refresh,
  });
}

/** DELETE /api/admin/service-options/{id}: leaves the list (profiles keep the names they wrote). */
export function useRemoveServiceOption() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.delete(apiPaths.admin.serviceOption(id)),
    onSuccess: refresh,
  });
}
