import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody, ChangePasswordResponse, Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { setToken } from "@/lib/auth-storage";
import { apiPaths } from "@/lib/paths";

/**
 * PUT /api/models/account/password { current_password, new_password }; a wrong current password is a 400.
 * The server ends every other session and hands this one a fresh token, kept here so the model stays signed in.
 */
export async function changePassword(body: ChangePasswordBody): Promise<Success> {
  const { token } = await api.put<ChangePasswordResponse>(apiPaths.account.password, body);
  setToken("model", token);
  return { success: true };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
