import { useMutation } from "@tanstack/react-query";
import { type ErrorResponse, ErrorResponseSchema, type Success } from "@vitrine/contracts";
import { ApiError, api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { useInvalidatePlans } from "./save-plan";

/**
 * DELETE /api/admin/plans/{id}. A plan that payments or models still point at is refused with PLAN_IN_USE (and
 * `usage` in the body); `force` unlinks it from them and keeps the records.
 */
export function deletePlan({ id, force = false }: { id: number; force?: boolean }): Promise<Success> {
  return api.delete<Success>(apiPaths.admin.plan(id), { query: { force: force ? "true" : undefined } });
}

export type PlanUsage = NonNullable<ErrorResponse["usage"]>;

/** What still uses the plan, read from a PLAN_IN_USE refusal; null for any other error. */
export function planUsageOf(err: unknown): PlanUsage | null {
  if (!(err instanceof ApiError) || err.code !== "PLAN_IN_USE") return null;
  const parsed = ErrorResponseSchema.safeParse(err.body);
  return (parsed.success && parsed.data.usage) || { payments: 0, models: 0, models_linked: [] };
}

export function useDeletePlan() {
  const invalidatePlans = useInvalidatePlans();
  return useMutation({ mutationFn: deletePlan, onSettled: invalidatePlans });
}
