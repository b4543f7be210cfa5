import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminGenerateLinkResponse, AdminGeneratePixResponse, AdminPaymentRequestBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** POST /api/payments/admin/generate-link: a checkout link for the model (503 PROVIDER_UNAVAILABLE without one). */
export function generatePaymentLink(body: AdminPaymentRequestBody): Promise<AdminGenerateLinkResponse> {
  return api.post<AdminGenerateLinkResponse>(apiPaths.payments.adminGenerateLink, body);
}

/** POST /api/payments/admin/generate-pix: a Pix code (payload, QR image, txid) on a new pending payment. */
export function generatePix(body: AdminPaymentRequestBody): Promise<AdminGeneratePixResponse> {
  return api.post<AdminGeneratePixResponse>(apiPaths.payments.adminGeneratePix, body);
}

function useRefreshPayments() {
  const queryClient = useQueryClient();
  return (modelId: AdminPaymentRequestBody["model_id"]) =>
    queryClient.invalidateQueries({ queryKey: adminKeys.modelPayments(Number(modelId)) });
}

export function useGeneratePaymentLink() {
  const refresh = useRefreshPayments();
  return useMutation({ mutationFn: generatePaymentLink, onSuccess: (_d, body) => refresh(body.model_id) });
}

export function useGeneratePix() {
  const refresh = useRefreshPayments();
  return useMutation({ mutationFn: generatePix, onSuccess: (_d, body) => refresh(body.model_id) });
}
