import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PauseResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

/**
 * "Pausar anúncio" (true): POST /api/models/pause; "Retomar" (false): DELETE. Her profile is read again after
 * either, since what the public sees of her (the visibility panel) changes with it.
 */
export function useSetPause() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (paused: boolean) =>
      paused ? api.post<PauseResponse>(apiPaths.models.pause) : api.delete<PauseResponse>(apiPaths.models.pause),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() }),
  });
}
