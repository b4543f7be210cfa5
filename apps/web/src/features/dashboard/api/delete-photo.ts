import { useMutation, useQueryClient } from "@tanstack/react-query";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { profileQueryKey } from "./get-profile";

/** DELETE /api/models/photos/{id}; deleting the primary promotes another photo on the server. */
export function deletePhoto(id: number): Promise<{ success: true }> {
  return api.delete<{ success: true }>(apiPaths.models.photo(id));
}

export function useDeletePhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: deletePhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
