import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

/** DELETE /api/models/photos/{id}; deleting the primary promotes another photo on the server. */
export function deletePhoto(id: number): Promise<Success> {
  return api.delete<Success>(apiPaths.models.photo(id));
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() }),
  });
}
