import { useMutation } from "@tanstack/react-query";
import type { CheckoutBody, CheckoutPreferenceResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/**
 * POST /api/payments/mp/pix-preference ("PIX via Mercado Pago"): a pending order and the provider's page where it
 * is paid (`init_point`). 503 PROVIDER_UNAVAILABLE when the provider is not set up or does not answer.
 */
export function createCheckoutPreference(body: CheckoutBody): Promise<CheckoutPreferenceResponse> {
  return api.post<CheckoutPreferenceResponse>(apiPaths.payments.mpPixPreference, body);
}

export function useCreateCheckoutPreference() {
  return useMutation({ mutationFn: createCheckoutPreference });
}
