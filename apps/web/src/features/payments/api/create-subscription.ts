import { useMutation } from "@tanstack/react-query";
import type { ModelSubscriptionBody, ModelSubscriptionResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** POST /api/payments/model/subscription: a checkout link at the payment provider. */
export function createSubscription(body: ModelSubscriptionBody): Promise<ModelSubscriptionResponse> {
  return api.post<ModelSubscriptionResponse>(apiPaths.payments.modelSubscription, body);
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
