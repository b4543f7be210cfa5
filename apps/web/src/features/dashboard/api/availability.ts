import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AvailabilityResponse, ProfileResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

/**
 * "Disponível agora": POST /api/models/availability { hours } turns it on (again: a new end), DELETE turns it off.
 * The answer's end is written into her profile, which the dashboard reads.
 */
export function useSetAvailability() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (hours: number | null) =>
      hours === null
        ? api.delete<AvailabilityResponse>(apiPaths.models.availability)
        : api.post<AvailabilityResponse>(apiPaths.models.availability, { hours }),
    onSuccess: ({ available_until }) =>
      queryClient.setQueryData<ProfileResponse>(dashboardKeys.profile(), (old) =>
        old ? { ...old, model: { ...old.model, available_until } } : old,
      ),
  });
}
