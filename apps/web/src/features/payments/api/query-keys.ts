import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "payments");

/** Query keys of the payment result pages (public: the buyer has no account). */
export const paymentKeys = {
  /** GET /api/payments/orders/{id}: where an order stands. */
  order: (orderId: number, providerPaymentId: string | null) =>
    [...scope, "order", orderId, providerPaymentId] as const,
};
