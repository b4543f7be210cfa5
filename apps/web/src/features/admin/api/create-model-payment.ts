import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type CreateModelPaymentBody, IDEMPOTENCY_KEY_HEADER, type ModelPaymentResponse } from "@vitrine/contracts";
import { useRef } from "react";
import { api } from "@/lib/api-client";
import { newIdempotencyKey } from "@/lib/idempotency-key";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/**
 * POST /api/admin/models/{id}/payments. Cash is recorded as paid (the model's due date moves at once); a link
 * or a Pix code stays pending until the money arrives. A plan chosen here is also attached to the model. The
 * Idempotency-Key names the payment meant: the server records one payment per key and answers a repeat with it.
 */
export function createModelPayment({
  modelId,
  body,
  idempotencyKey,
}: {
  modelId: number;
  body: CreateModelPaymentBody;
  idempotencyKey: string;
}): Promise<ModelPaymentResponse> {
  return api.post<ModelPaymentResponse>(apiPaths.admin.modelPayments(modelId), body, {
    headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey },
  });
}

/**
 * Records a payment from a form. The form's Idempotency-Key is drawn when the form opens (this hook mounts) and
 * drawn again once a payment is recorded: a double click, or a retry after an answer that got lost, records
 * one payment; the next payment of a form that stays open gets its own key.
 */
export function useCreateModelPayment() {
  const queryClient = useQueryClient();
  const key = useRef<string | null>(null);
  key.current ??= newIdempotencyKey();
  return useMutation({
    mutationFn: ({ modelId, body }: { modelId: number; body: CreateModelPaymentBody }) =>
      createModelPayment({ modelId, body, idempotencyKey: key.current ?? newIdempotencyKey() }),
    onSuccess: () => {
      key.current = newIdempotencyKey();
    },
    onSettled: (_data, _err, { modelId }) =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: adminKeys.modelPayments(modelId) }),
        queryClient.invalidateQueries({ queryKey: adminKeys.models() }),
      ]),
  });
}
