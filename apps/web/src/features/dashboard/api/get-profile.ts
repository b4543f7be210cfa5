import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ProfileResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** GET /api/models/profile: the signed-in model's profile (with visibility explanation) and own photos. */
export function getProfile(): Promise<ProfileResponse> {
  return api.get<ProfileResponse>(apiPaths.models.profile);
}

/** Private key ("me"): dropped on sign-in and sign-out. The gallery and the dashboard share it. */
export const profileQueryKey = ["me", "profile"] as const;

export const profileQueryOptions = () =>
  queryOptions({ queryKey: profileQueryKey, queryFn: getProfile, staleTime: 30_000 });

export function useProfile() {
  return useQuery(profileQueryOptions());
}
