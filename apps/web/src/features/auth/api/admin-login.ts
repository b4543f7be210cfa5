import { useMutation } from "@tanstack/react-query";
import type { AdminLoginResult, LoginBody } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/**
 * POST /api/auth/admin/login → the second step to take (admins always have one) or a session. A wrong password is
 * a 401 handled by the form, not the global redirect.
 */
export function adminLogin(body: LoginBody): Promise<AdminLoginResult> {
  return api.post<AdminLoginResult>(apiPaths.auth.adminLogin, body, { skipAuthRedirect: true });
}

export function useAdminLogin() {
  return useMutation({ mutationFn: adminLogin });
}
