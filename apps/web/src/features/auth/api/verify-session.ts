import type { VerifyResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";

/**
 * GET /api/auth/verify with one specific token. Used only by the session at start-up: a failure must not
 * trigger the global 401 redirect: the session silently clears the rejected token instead.
 */
export function verifySession(token: string): Promise<VerifyResponse> {
  return api.get<VerifyResponse>(publicApiPaths.auth.verify, { token, skipAuthRedirect: true });
}
