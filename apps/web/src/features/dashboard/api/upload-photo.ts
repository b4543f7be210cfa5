import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { PhotoResponse } from "@vitrine/contracts";
import { apiUpload, type UploadProgress } from "@/lib/api-upload";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

export type UploadPhotoInput = {
  file: File;
  isPrimary: boolean;
  isPublic: boolean;
  /** Aborting it cancels the upload. */
  signal?: AbortSignal;
  onProgress?: (progress: UploadProgress) => void;
};

/** POST /api/models/photos (multipart: photo, is_primary, is_public) → { photo }, reporting the bytes sent. */
export function uploadPhoto({
  file,
  isPrimary,
  isPublic,
  signal,
  onProgress,
}: UploadPhotoInput): Promise<PhotoResponse> {
  const form = new FormData();
  form.append("is_primary", String(isPrimary));
  form.append("is_public", String(isPublic));
  form.append("photo", file, file.name);
  return apiUpload<PhotoResponse>(apiPaths.models.photos, form, { signal, onProgress });
}

/** A new photo can become primary and changes the visibility explanation: the profile is re-read. */
export function useUploadPhoto() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: uploadPhoto,
    onSettled: () => queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() }),
  });
}
