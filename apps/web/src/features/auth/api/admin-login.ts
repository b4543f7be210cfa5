import { useMutation } from "@tanstack/react-query";
import type { AdminLoginResponse, LoginBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** POST /api/auth/admin/login. A wrong password is a 401 handled by the form, not the global redirect. */
export function adminLogin(body: LoginBody): Promise<AdminLoginResponse> {
  return api.post<AdminLoginResponse>(apiPaths.auth.adminLogin, body, { skipAuthRedirect: true });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
