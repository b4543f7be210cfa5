import { useMutation } from "@tanstack/react-query";
import type { ModelAuthResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** POST /api/auth/model/direct-login { token } → { token, model }: the admin's single-use impersonation token. */
export function directLogin(token: string): Promise<ModelAuthResponse> {
  return api.post<ModelAuthResponse>(apiPaths.auth.directLogin, { token }, { skipAuthRedirect: true, token: null });
}

export function useDirectLogin() {
  return useMutation({ mutationFn: directLogin });
}
