import { useMutation } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

export type SubscriptionBody = {
  model_id: number;
  amount: number;
  description: string;
  plan_name: string;
  plan_id: number | null;
};

export type SubscriptionResponse = {
  init_point?: string | null;
  sandbox_init_point?: string | null;
  preference_id?: string | null;
};

/** POST /api/payments/model/subscription (SPEC §7): a checkout link at the payment provider. */
export function createSubscription(body: SubscriptionBody): Promise<SubscriptionResponse> {
  return api.post<SubscriptionResponse>(apiPaths.payments.modelSubscription, body);
}

export function useCreateSubscription() {
  return useMutation({ mutationFn: createSubscription });
}
