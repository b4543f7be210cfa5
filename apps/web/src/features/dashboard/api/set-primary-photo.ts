import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { OwnerPhoto } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { profileQueryKey } from "./get-profile";

/** PATCH /api/models/photos/{id}/primary → { photo }. */
export function setPrimaryPhoto(id: number): Promise<{ photo: OwnerPhoto }> {
  return api.patch<{ photo: OwnerPhoto }>(apiPaths.models.photoPrimary(id));
}

export function useSetPrimaryPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryPhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: profileQueryKey }),
  });
}
