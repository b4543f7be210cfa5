import { useMutation } from "@tanstack/react-query";
import type { LoginBody, ModelAuthResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** POST /api/auth/model/login → { token, model } (model carries payment_status and payment_message). */
export function modelLogin(body: LoginBody): Promise<ModelAuthResponse> {
  return api.post<ModelAuthResponse>(apiPaths.auth.modelLogin, body, { skipAuthRedirect: true });
}

export function useModelLogin() {
  return useMutation({ mutationFn: modelLogin });
}
