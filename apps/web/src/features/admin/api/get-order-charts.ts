import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOrderChartsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** The period of the orders page's charts, in days. */
export const ORDER_CHARTS_DAYS = 30;

/** GET /api/admin/orders/charts?days: sales per day and orders by status over the last `days` days. */
export function getOrderCharts(days = ORDER_CHARTS_DAYS): Promise<AdminOrderChartsResponse> {
  return api.get<AdminOrderChartsResponse>(apiPaths.admin.ordersCharts, { query: { days }, background: true });
}

export const orderChartsQueryOptions = () =>
  queryOptions({
    queryKey: adminKeys.orderCharts(ORDER_CHARTS_DAYS),
    queryFn: () => getOrderCharts(ORDER_CHARTS_DAYS),
    staleTime: 60_000,
  });

export function useOrderCharts() {
  return useQuery(orderChartsQueryOptions());
}
