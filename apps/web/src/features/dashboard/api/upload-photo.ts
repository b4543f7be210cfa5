import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhotoResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

export type UploadPhotoInput = { file: File; isPrimary: boolean; isPublic: boolean };

/** POST /api/models/photos (multipart: photo, is_primary, is_public) → { photo }. */
export function uploadPhoto(input: UploadPhotoInput): Promise<PhotoResponse> {
  const form = new FormData();
  form.append("is_primary", String(input.isPrimary));
  form.append("is_public", String(input.isPublic));
  form.append("photo", input.file, input.file.name);
  return api.post<PhotoResponse>(apiPaths.models.photos, form);
}

/** A new photo can become primary and changes the visibility explanation: the profile is re-read. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() }),
  });
}
