import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { CreateModelPaymentBody, ModelPaymentResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/**
 * POST /api/admin/models/{id}/payments. Cash is recorded as paid (the model's due date moves at once); a link
 * or a Pix code stays pending until the money arrives. A plan chosen here is also attached to the model.
 */
export function createModelPayment({
  modelId,
  body,
}: {
  modelId: number;
  body: CreateModelPaymentBody;
}): Promise<ModelPaymentResponse> {
  return api.post<ModelPaymentResponse>(apiPaths.admin.modelPayments(modelId), body);
}

export function useCreateModelPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createModelPayment,
    onSettled: (_data, _err, { modelId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.modelPayments(modelId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
      ]),
  });
}
