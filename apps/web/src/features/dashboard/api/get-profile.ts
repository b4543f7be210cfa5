import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProfileResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

/** GET /api/models/profile: the signed-in model's profile (with visibility explanation) and own photos. */
export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(apiPaths.models.profile);
}

export const profileQueryOptions = () =>
  queryOptions({ queryKey: dashboardKeys.profile(), queryFn: getProfile, staleTime: 30_000 });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
