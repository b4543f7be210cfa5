import { useMutation } from "@tanstack/react-query";
import type { ModelAuthResponse, RegisterBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/**
 * POST /api/auth/model/register → { token, model }. Does NOT sign anyone in: the register page does that,
 * while the admin's register-model modal reuses this call and keeps the admin session.
 */
export function registerModel(body: RegisterBody): Promise<ModelAuthResponse> {
  return api.post<ModelAuthResponse>(apiPaths.auth.modelRegister, body, { skipAuthRedirect: true });
}

export function useRegisterModel() {
  return useMutation({ mutationFn: registerModel });
}
