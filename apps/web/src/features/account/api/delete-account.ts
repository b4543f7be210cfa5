import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountBody } from "@vitrine/contracts";
import { advertiserApiPaths } from "@/lib/advertiser-paths";
import { apiRequest } from "@/lib/api-client";

/** DELETE /api/models/account { password } (LGPD); the token stops working at once. */
export function deleteAccount(body: DeleteAccountBody): Promise<{ success: true }> {
  return apiRequest<{ success: true }>(advertiserApiPaths.account, { method: "DELETE", body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
