import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { productKeys } from "./query-keys";

/** DELETE /api/models/products/{id}; past orders keep their product name. */
export function deleteProduct(id: number): Promise<Success> {
  return api.delete<Success>(apiPaths.models.product(id));
}

export function useDeleteProduct() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deleteProduct,
    onSettled: () => queryClient.invalidateQueries({ queryKey: productKeys.list() }),
  });
}
