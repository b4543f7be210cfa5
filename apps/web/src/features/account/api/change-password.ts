import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "@vitrine/contracts";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { api } from "@/lib/api-client";
import { setToken } from "@/lib/auth-storage";

/**
 * PUT /api/models/account/password { current_password, new_password }; a wrong current password is a 400.
 * The server ends every other session and hands this one a fresh token, kept here so the model stays signed in.
 */
export async function changePassword(body: ChangePasswordBody): Promise<{ success: true }> {
  const { token } = await api.put<{ success: true; token: string }>(advertiserApiPaths.accountPassword, body);
  setToken("model", token);
  return { success: true };
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
