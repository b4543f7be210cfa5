import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { CreateTrustedNotifierBody, Success, TrustedNotifier, TrustedNotifiersResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

const key = [...queryScope("admin", "backoffice"), "trusted-notifiers"] as const;

/** GET /api/admin/trusted-notifiers: every notifier, the active and invited first. */
export const useTrustedNotifiers = () =>
  useQuery({
    queryKey: key,
    queryFn: () => api.get<TrustedNotifiersResponse>(apiPaths.trustedNotifiers.list),
  });

function useRefresh() {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries({ queryKey: key });
}

/** POST /api/admin/trusted-notifiers: registers it and e-mails it the link that sets its password. */
export function useCreateTrustedNotifier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (body: CreateTrustedNotifierBody) =>
      api.post<{ notifier: TrustedNotifier }>(apiPaths.trustedNotifiers.list, body),
    onSuccess: refresh,
  });
}

/** POST /api/admin/trusted-notifiers/{id}/invite: a new link (the earlier one stops working). */
export function useReinviteTrustedNotifier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<Success>(apiPaths.trustedNotifiers.invite(id)),
    onSuccess: refresh,
  });
}

/** POST /api/admin/trusted-notifiers/{id}/revoke: its sign-in and tokens are refused from now on. */
export function useRevokeTrustedNotifier() {
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (id: number) => api.post<Success>(apiPaths.trustedNotifiers.revoke(id)),
    onSuccess: refresh,
  });
}
