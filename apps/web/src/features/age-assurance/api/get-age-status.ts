import type { AgeStatusResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";

/**
 * GET /api/age/status: the age-assurance mode in force and whether this browser holds a valid age pass (the pass
 * is an HttpOnly cookie: the page cannot read it). Asked by a page the browser renders itself, which has no
 * server state telling it.
 */
export function getAgeStatus(): Promise<AgeStatusResponse> {
  return api.get<AgeStatusResponse>(publicApiPaths.age.status, { background: true, skipAuthRedirect: true });
}
