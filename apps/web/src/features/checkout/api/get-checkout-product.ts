import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CheckoutProductResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { checkoutKeys } from "./query-keys";

/** GET /api/products/{id}: name, description, price, model name and type of an active product (404 otherwise). */
export function getCheckoutProduct(id: number, signal?: AbortSignal): Promise<CheckoutProductResponse> {
  return api.get<CheckoutProductResponse>(apiPaths.products.byId(id), { signal });
}

export const checkoutProductQueryOptions = (id: number) =>
  queryOptions({
    queryKey: checkoutKeys.product(id),
    queryFn: ({ signal }) => getCheckoutProduct(id, signal),
  });

/** Disabled (no request) for an id that could not be read from the route. */
export function useCheckoutProduct(id: number | null) {
  return useQuery({ ...checkoutProductQueryOptions(id ?? 0), enabled: id !== null });
}
