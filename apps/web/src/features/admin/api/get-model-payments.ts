import { queryOptions, useQuery } from "@tanstack/react-query";
import type { ModelPaymentsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/**
 * GET /api/admin/models/{id}/payments: the model's payments (newest first) with what the new-payment form needs
 * to propose a due date (today, her next_due_date and plan).
 */
export function getModelPayments(modelId: number): Promise<ModelPaymentsResponse> {
  return api.get<ModelPaymentsResponse>(apiPaths.admin.modelPayments(modelId));
}

export const modelPaymentsQueryOptions = (modelId: number) =>
  queryOptions({ queryKey: adminKeys.modelPayments(modelId), queryFn: () => getModelPayments(modelId) });

export function useModelPayments(modelId: number | null) {
  return useQuery({ ...modelPaymentsQueryOptions(modelId ?? 0), enabled: modelId !== null });
}
