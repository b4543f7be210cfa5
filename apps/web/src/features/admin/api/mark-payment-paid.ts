import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ModelPaymentResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/**
 * PATCH /api/admin/model-payments/{id}/status { status: "paid", paid_at }: the money arrived. The payment is
 * applied once (the model's due date and plan move); paid_at is now.
 */
export function markPaymentPaid({ paymentId }: { paymentId: number; modelId: number }): Promise<ModelPaymentResponse> {
  return api.patch<ModelPaymentResponse>(apiPaths.admin.modelPaymentStatus(paymentId), {
    status: "paid",
    paid_at: new Date().toISOString(),
  });
}

export function useMarkPaymentPaid() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markPaymentPaid,
    onSettled: (_data, _err, { modelId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.modelPayments(modelId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
      ]),
  });
}
