import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhotoResponse, PhotoVisibilityBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

/** PATCH /api/models/photos/{id}/visibility { is_public } → { photo }. */
export function setPhotoVisibility(input: { id: number; isPublic: boolean }): Promise<PhotoResponse> {
  const body: PhotoVisibilityBody = { is_public: input.isPublic };
  return api.patch<PhotoResponse>(apiPaths.models.photoVisibility(input.id), body);
}

export function useSetPhotoVisibility() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPhotoVisibility,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() }),
  });
}
