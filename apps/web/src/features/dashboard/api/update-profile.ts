import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileModel, ProfileResponse, ProfileUpdate } from "@vitrine/contracts";
import { sessionQueryKey } from "@/features/auth/session";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { profileQueryKey } from "./get-profile";

/** PUT /api/models/profile with the fields already validated by ProfileBodySchema → { model }. */
export function updateProfile(body: ProfileUpdate): Promise<{ model: ProfileModel }> {
  return api.put<{ model: ProfileModel }>(apiPaths.models.profile, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ model }) => {
      queryClient.setQueryData<ProfileResponse>(profileQueryKey, (old) => (old ? { ...old, model } : old));
      // The header shows the model's name from the session.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
