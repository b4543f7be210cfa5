import { useQuery } from "@tanstack/react-query";
import type { OwnPaymentResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { paymentKeys } from "./query-keys";

/** While a renewal Pix waits to be paid, it is read again this often (the events stream usually comes first). */
export const OWN_PAYMENT_POLL_MS = 10_000;

/** GET /api/payments/model/payments/{id}: where one of the model's renewal payments stands. */
export function getOwnPayment(id: number, signal?: AbortSignal): Promise<OwnPaymentResponse> {
  return api.get<OwnPaymentResponse>(apiPaths.payments.modelPayment(id), { signal, background: true });
}

/** The payment, read again every OWN_PAYMENT_POLL_MS while it is pending and `watching` is on. */
export function useOwnPayment(id: number, { watching }: { watching: boolean }) {
  return useQuery({
    queryKey: paymentKeys.ownPayment(id),
    queryFn: ({ signal }) => getOwnPayment(id, signal),
    staleTime: 0,
    refetchInterval: (query) =>
      watching && (query.state.data?.payment.status ?? "pending") === "pending" ? OWN_PAYMENT_POLL_MS : false,
  });
}
