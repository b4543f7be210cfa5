import { useQuery } from "@tanstack/react-query";
import type { OrderStatus, PublicOrderResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { paymentKeys } from "./query-keys";

/** How often a pending order is read again while the buyer waits on the result page. */
export const ORDER_POLL_MS = 4000;

/**
 * GET /api/payments/orders/{token}?payment_id: the order's status, by the order's access token (the server alone
 * judges it: anything but a known token answers 404). `payment_id` (Mercado Pago's, from the return
 * address) only asks the server to re-read that payment at Mercado Pago; the server's answer decides.
 */
export function getOrderStatus(
  orderToken: string,
  providerPaymentId: string | null,
  { signal, background = false }: { signal?: AbortSignal; background?: boolean } = {},
): Promise<PublicOrderResponse> {
  return api.get<PublicOrderResponse>(apiPaths.payments.order(orderToken), {
    query: { payment_id: providerPaymentId },
    signal,
    background,
  });
}

const isWaiting = (status: OrderStatus | undefined) => status === "pending";

/** The order, read again every few seconds while it is pending, so the page changes by itself when it is paid. */
export function useOrderStatus(orderToken: string | null, providerPaymentId: string | null) {
  return useQuery({
    queryKey: paymentKeys.order(orderToken ?? "", providerPaymentId),
    queryFn: ({ signal, client, queryKey }) =>
      getOrderStatus(orderToken ?? "", providerPaymentId, {
        signal,
        background: client.getQueryData(queryKey) !== undefined,
      }),
    enabled: orderToken !== null,
    staleTime: 0,
    refetchInterval: (query) => (isWaiting(query.state.data?.order.status) ? ORDER_POLL_MS : false),
  });
}
