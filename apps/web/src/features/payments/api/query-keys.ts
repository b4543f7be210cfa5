import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "payments");
const ownScope = queryScope("me", "payments");

/**
 * Query keys of the payments: the result pages' orders (public: the buyer has no account) and the signed-in
 * model's own plan payments (private: dropped on sign-in and sign-out).
 */
export const paymentKeys = {
  /** GET /api/payments/orders/{token}: where an order stands. */
  order: (orderToken: string, providerPaymentId: string | null) =>
    [...scope, "order", orderToken, providerPaymentId] as const,
  /** GET /api/payments/model/payments/{id}: one of her renewal payments (the Pix the dialog waits for). */
  ownPayment: (id: number) => [...ownScope, id] as const,
};
