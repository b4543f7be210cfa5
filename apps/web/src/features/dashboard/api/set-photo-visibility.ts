import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OwnerPhoto } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { profileQueryKey } from "./get-profile";

/** PATCH /api/models/photos/{id}/visibility { is_public } → { photo }. */
export function setPhotoVisibility(input: { id: number; isPublic: boolean }): Promise<{ photo: OwnerPhoto }> {
  return api.patch<{ photo: OwnerPhoto }>(apiPaths.models.photoVisibility(input.id), { is_public: input.isPublic });
}

export function useSetPhotoVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPhotoVisibility,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
