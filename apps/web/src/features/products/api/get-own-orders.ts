import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnOrder, OwnOrdersResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { productKeys } from "./query-keys";

/** GET /api/models/orders: orders of the model's products, newest first. */
export async function getOwnOrders(): Promise<OwnOrder[]> {
  const { orders } = await api.get<OwnOrdersResponse>(apiPaths.models.orders);
  return orders;
}

export const ownOrdersQueryOptions = () =>
  queryOptions({ queryKey: productKeys.orders(), queryFn: getOwnOrders, staleTime: 30_000 });

export function useOwnOrders() {
  return useQuery(ownOrdersQueryOptions());
}
