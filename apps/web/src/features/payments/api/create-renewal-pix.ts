import { useMutation } from "@tanstack/react-query";
import type { ModelPixBody, ModelPixResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/**
 * POST /api/payments/model/pix: a Mercado Pago Pix charge for the plan (the price is the plan's), payable for 30
 * minutes. 503 PROVIDER_UNAVAILABLE when Mercado Pago is not set up or does not answer.
 */
export function createRenewalPix(body: ModelPixBody): Promise<ModelPixResponse> {
  return api.post<ModelPixResponse>(apiPaths.payments.modelPix, body);
}

export function useCreateRenewalPix() {
  return useMutation({ mutationFn: createRenewalPix });
}
