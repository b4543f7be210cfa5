import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AccountResponse, ChangeEmailBody } from "@vitrine/contracts";
import { sessionQueryKey } from "@/features/auth/session";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { rootKey } from "@/lib/query-keys";

/** PUT /api/models/account/email { current_password, email } → { model } (the session model). */
export function changeEmail(body: ChangeEmailBody): Promise<AccountResponse> {
  return api.put<AccountResponse>(apiPaths.account.email, body);
}

/** The session and every view of the model's own data show the e-mail: all of them are re-read. */
export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeEmail,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      void queryClient.invalidateQueries({ queryKey: rootKey("me") });
    },
  });
}
