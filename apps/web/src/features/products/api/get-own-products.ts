import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnProduct } from "@vitrine/contracts";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { api } from "@/lib/api-client";

/** GET /api/models/products: the signed-in model's products, active or not. */
export async function getOwnProducts(): Promise<OwnProduct[]> {
  const { products } = await api.get<{ products: OwnProduct[] }>(advertiserApiPaths.products);
  return products;
}

export const ownProductsQueryKey = ["me", "products"] as const;

export const ownProductsQueryOptions = () => queryOptions({ queryKey: ownProductsQueryKey, queryFn: getOwnProducts });

export function useOwnProducts() {
  return useQuery(ownProductsQueryOptions());
}
