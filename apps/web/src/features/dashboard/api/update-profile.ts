import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { ProfileResponse, ProfileUpdate, ProfileUpdateResponse } from "@vitrine/contracts";
import { sessionQueryKey } from "@/features/auth/session";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys } from "./query-keys";

/** PUT /api/models/profile with the fields already validated by ProfileBodySchema → { model }. */
export function updateProfile(body: ProfileUpdate): Promise<ProfileUpdateResponse> {
  return api.put<ProfileUpdateResponse>(apiPaths.models.profile, body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: ({ model }) => {
      queryClient.setQueryData<ProfileResponse>(dashboardKeys.profile(), (old) => (old ? { ...old, model } : old));
      // The header shows the model's name from the session.
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
    },
  });
}
