import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountResponse, ChangeEmailBody } from "@vitrine/contracts";
import { sessionQueryKey } from "@/features/auth/session";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { api } from "@/lib/api-client";

/** PUT /api/models/account/email { current_password, email } → { model } (the session model). */
export function changeEmail(body: ChangeEmailBody): Promise<AccountResponse> {
  return api.put<AccountResponse>(advertiserApiPaths.accountEmail, body);
}

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: ["me", "profile"] });
    },
  });
}
