import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { ActiveSessionsResponse, EndOtherSessionsResponse, Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

/** Whose sessions: the signed-in model's (/api/models/sessions) or the signed-in admin's (/api/admin/sessions). */
export type SessionsAudience = "model" | "admin";

const keyOf = (audience: SessionsAudience) =>
  audience === "model" ? queryScope("me", "sessions") : queryScope("admin", "sessions");

/** GET …/sessions → her live sessions, the current one marked. */
export function useActiveSessions(audience: SessionsAudience) {
  return useQuery({
    queryKey: keyOf(audience),
    queryFn: () => api.get<ActiveSessionsResponse>(apiPaths.sessions[audience].root),
  });
}

/** DELETE …/sessions/:id: that device's token stops working at once. */
export function useEndSession(audience: SessionsAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<Success>(apiPaths.sessions[audience].byId(id)),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(audience) }),
  });
}

/** POST …/sessions/end-others: every session but this one ends. */
export function useEndOtherSessions(audience: SessionsAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<EndOtherSessionsResponse>(apiPaths.sessions[audience].endOthers),
    onSettled: () => queryClient.invalidateQueries({ queryKey: keyOf(audience) }),
  });
}
