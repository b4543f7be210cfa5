import { useMutation, useQueryClient } from "@tanstack/react-query";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { api } from "@/lib/api-client";
import { ownProductsQueryKey } from "./get-own-products";

/** DELETE /api/models/products/{id}; past orders keep their product name. */
export function deleteProduct(id: number): Promise<{ success: true }> {
  return api.delete<{ success: true }>(advertiserApiPaths.product(id));
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownProductsQueryKey }),
  });
}
