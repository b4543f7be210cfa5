import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminAgeAssuranceResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/age-assurance: the mode in force, the verifier's configuration and the checks of 30 days. */
export function getAgeAssurance(): Promise<AdminAgeAssuranceResponse> {
  return api.get<AdminAgeAssuranceResponse>(apiPaths.admin.ageAssurance);
}

/** The mode changes only with a restart; the counts grow as visitors verify: read again after a minute. */
export const ageAssuranceQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.ageAssurance(), queryFn: getAgeAssurance, staleTime: 60_000 });

export function useAgeAssurance() {
  return useQuery(ageAssuranceQueryOptions());
}
