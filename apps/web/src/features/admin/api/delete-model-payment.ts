import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** DELETE /api/admin/model-payments/{id}. */
export function deleteModelPayment({ paymentId }: { paymentId: number; modelId: number }): Promise<Success> {
  return api.delete<Success>(apiPaths.admin.modelPayment(paymentId));
}

export function useDeleteModelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteModelPayment,
    onSettled: (_data, _err, { modelId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.modelPayments(modelId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
      ]),
  });
}
