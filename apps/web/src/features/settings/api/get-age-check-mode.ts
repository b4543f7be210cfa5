import { useQuery } from "@tanstack/react-query";
import type { AgeAssuranceMode, AgeStatusResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/**
 * The age check in force (the mode of GET /api/age/status: a verifier or the visitor's declaration), for the
 * texts that state it, such as the Terms; undefined until known.
 */
export function useAgeCheckMode({ enabled = true }: { enabled?: boolean } = {}): AgeAssuranceMode | undefined {
  return useQuery({
    queryKey: ["settings", "age-check-mode"],
    queryFn: () => api.get<AgeStatusResponse>(apiPaths.age.status, { background: true, skipAuthRedirect: true }),
    enabled,
    staleTime: 60_000,
  }).data?.mode;
}
