import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ActiveSessionsResponse, EndOtherSessionsResponse, Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { type AccountAudience, accountScope } from "./audience";

const keyOf = (audience: AccountAudience) => accountScope(audience, "sessions");

/** GET …/sessions → her live sessions, the current one marked. */
export function useActiveSessions(audience: AccountAudience) {
  return useQuery({
    queryKey: keyOf(audience),
    queryFn: () => api.get<ActiveSessionsResponse>(apiPaths.sessions[audience].root),
  });
}

/** DELETE …/sessions/:id: that device's token stops working at once. */
export function useEndSession(audience: AccountAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Success>(apiPaths.sessions[audience].byId(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(audience) }),
  });
}

/** POST …/sessions/end-others: every session but this one ends. */
export function useEndOtherSessions(audience: AccountAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EndOtherSessionsResponse>(apiPaths.sessions[audience].endOthers),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(audience) }),
  });
}
