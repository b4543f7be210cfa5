import { useMutation } from "@tanstack/react-query";
import type { ChangePasswordBody } from "@vitrine/contracts";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { api } from "@/lib/api-client";

/** PUT /api/models/account/password { current_password, new_password }; a wrong current password is a 400. */
export function changePassword(body: ChangePasswordBody): Promise<{ success: true }> {
  return api.put<{ success: true }>(advertiserApiPaths.accountPassword, body);
}

export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}
