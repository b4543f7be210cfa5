import { useMutation } from "@tanstack/react-query";
import type { CheckoutBody, CheckoutPixResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** POST /api/payments/pix ("PIX Manual"): a pending order and the site's static Pix code for its price. */
export function createCheckoutPix(body: CheckoutBody): Promise<CheckoutPixResponse> {
  return api.post<CheckoutPixResponse>(apiPaths.payments.pix, body);
}

export function useCreateCheckoutPix() {
  return useMutation({ mutationFn: createCheckoutPix });
}
