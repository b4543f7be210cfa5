import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OwnProduct, ProductBody } from "@vitrine/contracts";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { api } from "@/lib/api-client";
import { ownProductsQueryKey } from "./get-own-products";

/** POST /api/models/products (new) or PUT /api/models/products/{id} (the whole product) → { product }. */
export function saveProduct({ id, body }: { id: number | null; body: ProductBody }): Promise<{ product: OwnProduct }> {
  return id === null
    ? api.post<{ product: OwnProduct }>(advertiserApiPaths.products, body)
    : api.put<{ product: OwnProduct }>(advertiserApiPaths.product(id), body);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownProductsQueryKey }),
  });
}
