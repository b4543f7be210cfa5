import { queryOptions, useQuery } from "@tanstack/react-query";
import type { OwnProduct, OwnProductsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { productKeys } from "./query-keys";

/** GET /api/models/products: the signed-in model's products, active or not. */
export async function getOwnProducts(): Promise<OwnProduct[]> {
  const { products } = await api.get<OwnProductsResponse>(apiPaths.models.products);
  return products;
}

export const ownProductsQueryOptions = () => queryOptions({ queryKey: productKeys.list(), queryFn: getOwnProducts });

export function useOwnProducts() {
  return useQuery(ownProductsQueryOptions());
}
