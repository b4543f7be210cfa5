import { useMutation } from "@tanstack/react-query";
import type { LoginBody, ModelLoginResult } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/**
 * POST /api/auth/model/login → { token, model } (model carries payment_status and payment_message), or, with
 * two-step sign-in on, { two_factor: "verify", challenge } for the code step.
 */
export function modelLogin(body: LoginBody): Promise<ModelLoginResult> {
  return api.post<ModelLoginResult>(apiPaths.auth.modelLogin, body, { skipAuthRedirect: true });
}

export function useModelLogin() {
  return useMutation({ mutationFn: modelLogin });
}
