import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OwnProductResponse, ProductBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { productKeys } from "./query-keys";

/** POST /api/models/products (new) or PUT /api/models/products/{id} (the whole product) → { product }. */
export function saveProduct({ id, body }: { id: number | null; body: ProductBody }): Promise<OwnProductResponse> {
  return id === null
    ? api.post<OwnProductResponse>(apiPaths.models.products, body)
    : api.put<OwnProductResponse>(apiPaths.models.product(id), body);
}

export function useSaveProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.list() }),
  });
}
