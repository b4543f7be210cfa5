import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOrdersResponse, OrderStatus } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** Filters of the orders table (dates are São Paulo days "YYYY-MM-DD", inclusive). */
export type OrderFilters = { page: number; limit: number; status?: OrderStatus; from?: string; to?: string };

/** GET /api/admin/orders?page&limit&status&from&to: one page of the shop's orders, newest first. */
export function getOrders(filters: OrderFilters): Promise<AdminOrdersResponse> {
  return api.get<AdminOrdersResponse>(apiPaths.admin.orders, { query: filters });
}

export const ordersQueryOptions = (filters: OrderFilters) =>
  queryOptions({
    queryKey: adminKeys.orderList(filters),
    queryFn: () => getOrders(filters),
    staleTime: 30_000,
    // The previous page stays on screen while the next one loads.
    placeholderData: keepPreviousData,
  });

export function useOrders(filters: OrderFilters) {
  return useQuery(ordersQueryOptions(filters));
}
