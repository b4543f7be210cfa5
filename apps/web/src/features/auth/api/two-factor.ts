import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminLoginResponse,
  AdminTwoFactorConfirmResponse,
  ModelAuthResponse,
  RecoveryCodesResponse,
  TwoFactorCodeBody,
  TwoFactorSetupResponse,
  TwoFactorStatus,
} from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

/** POST /api/auth/{admin,model}/two-factor: the code (or a recovery code) after the password → the session. */
export function useSecondStep<R extends "admin" | "model">(role: R) {
  type Answer = R extends "admin" ? AdminLoginResponse : ModelAuthResponse;
  return useMutation({
    mutationFn: (body: TwoFactorCodeBody) =>
      api.post<Answer>(apiPaths.auth.twoFactor(role), body, { skipAuthRedirect: true }),
  });
}

/** POST /api/auth/admin/two-factor/setup: the authenticator to add at an admin's first sign-in. */
export function useAdminTwoFactorSetup() {
  return useMutation({
    mutationFn: (challenge: string) =>
      api.post<TwoFactorSetupResponse>(apiPaths.auth.adminTwoFactorSetup, { challenge }, { skipAuthRedirect: true }),
  });
}

/** POST /api/auth/admin/two-factor/confirm: its first code → the session and the recovery codes. */
export function useAdminTwoFactorConfirm() {
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) =>
      api.post<AdminTwoFactorConfirmResponse>(apiPaths.auth.adminTwoFactorConfirm, body, { skipAuthRedirect: true }),
  });
}

const statusKey = () => [...queryScope("me", "two-factor")] as const;

/** GET /api/models/two-factor: whether her sign-in takes a code. */
export function useTwoFactorStatus() {
  return useQuery({ queryKey: statusKey(), queryFn: () => api.get<TwoFactorStatus>(apiPaths.twoFactor.root) });
}

/** POST /api/models/two-factor/setup and …/confirm (from Configurações). */
export function useModelTwoFactorSetup() {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetupResponse>(apiPaths.twoFactor.setup) });
}
export function useModelTwoFactorConfirm() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodesResponse>(apiPaths.twoFactor.confirm, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey() }),
  });
}
