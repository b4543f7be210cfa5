import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnOrder } from "@vitrine/contracts";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { api } from "@/lib/api-client";

/** GET /api/models/orders: orders of the model's products, newest first. */
export async function getOwnOrders(): Promise<OwnOrder[]> {
  const { orders } = await api.get<{ orders: OwnOrder[] }>(advertiserApiPaths.orders);
  return orders;
}

export const ownOrdersQueryOptions = () =>
  queryOptions({ queryKey: ["me", "orders"], queryFn: getOwnOrders, staleTime: 30_000 });

export function useOwnOrders() {
  return useQuery(ownOrdersQueryOptions());
}
