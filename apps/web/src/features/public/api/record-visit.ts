import type { VisitBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** POST /api/visits: one public page view (page kind and city only) for the admin statistics. */
export function recordVisit(body: VisitBody): Promise<unknown> {
  return api.post(apiPaths.visits, body, { background: true, skipAuthRedirect: true });
}
