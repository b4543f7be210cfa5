import { useMutation } from "@tanstack/react-query";
import type { DirectLoginTokenResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** GET /api/admin/direct-login-token/{modelId}: a single-use token (5 minutes) for {origin}/login?token=…. */
export function getDirectLoginToken(modelId: number): Promise<DirectLoginTokenResponse> {
  return api.get<DirectLoginTokenResponse>(apiPaths.admin.directLoginToken(modelId));
}

/** A mutation, not a query: each click asks for a new token and nothing is cached. */
export function useDirectLoginToken() {
  return useMutation({ mutationFn: getDirectLoginToken });
}
