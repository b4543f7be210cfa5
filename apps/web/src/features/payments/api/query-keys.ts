import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "payments");

/** Query keys of the payment result pages (public: the buyer has no account). */
export const paymentKeys = {
  /** GET /api/payments/orders/{token}: where an order stands. */
  order: (orderToken: string, providerPaymentId: string | null) =>
    [...scope, "order", orderToken, providerPaymentId] as const,
};
