import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhotoResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

/** PATCH /api/models/photos/{id}/primary → { photo }. */
export function setPrimaryPhoto(id: number): Promise<PhotoResponse> {
  return api.patch<PhotoResponse>(apiPaths.models.photoPrimary(id));
}

export function useSetPrimaryPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: setPrimaryPhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() }),
  });
}
