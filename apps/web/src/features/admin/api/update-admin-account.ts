import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { AdminAccountBody, AdminAccountResponse } from "@vitrine/contracts";
import { type Session, sessionQueryKey } from "@/features/auth/session";
import { api } from "@/lib/api-client";
import { setToken } from "@/lib/auth-storage";
import { apiPaths } from "@/lib/paths";

/**
 * PUT /api/admin/account { current_password, email?, new_password? }: changes the signed-in admin's login. The
 * server ends the admin's other sessions and answers a fresh token for this one.
 */
export function updateAdminAccount(body: AdminAccountBody): Promise<AdminAccountResponse> {
  return api.put<AdminAccountResponse>(apiPaths.admin.account, body);
}

/**
 * On success the fresh token is stored and the session shows the new e-mail, so this device stays signed in
 * (the back-office data stays cached: it is the same admin).
 */
export function useUpdateAdminAccount() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAdminAccount,
    onSuccess: ({ token, user }) => {
      setToken("admin", token);
      queryClient.setQueryData<Session>(sessionQueryKey, { status: "admin", user, model: null });
    },
  });
}
