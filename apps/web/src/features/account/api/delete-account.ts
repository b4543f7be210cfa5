import { useMutation } from "@tanstack/react-query";
import type { DeleteAccountBody, Success } from "@vitrine/contracts";
import { apiRequest } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** DELETE /api/models/account { password } (LGPD); the token stops working at once. */
export function deleteAccount(body: DeleteAccountBody): Promise<Success> {
  return apiRequest<Success>(apiPaths.account.root, { method: "DELETE", body });
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
