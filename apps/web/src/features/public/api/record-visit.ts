import type { VisitBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";

/** POST /api/visits: one public page view (page kind and city only) for the admin statistics. */
export function recordVisit(body: VisitBody): Promise<unknown> {
  return api.post(publicApiPaths.visits, body, { background: true, skipAuthRedirect: true });
}
