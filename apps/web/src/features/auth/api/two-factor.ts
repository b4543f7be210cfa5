import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminLoginResponse,
  AdminTwoFactorConfirmResponse,
  ModelAuthResponse,
  ModelTwoFactorConfirmResponse,
  RecoveryCodesResponse,
  TwoFactorCodeBody,
  TwoFactorDisableBody,
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

/** POST /api/auth/{role}/two-factor/setup: the authenticator to add where two-step sign-in is mandatory. */
export function useChallengeSetup(role: "admin" | "model") {
  return useMutation({
    mutationFn: (challenge: string) =>
      api.post<TwoFactorSetupResponse>(apiPaths.auth.twoFactorSetup(role), { challenge }, { skipAuthRedirect: true }),
  });
}

/** POST /api/auth/{role}/two-factor/confirm: its first code → the session and the recovery codes. */
export function useChallengeConfirm<R extends "admin" | "model">(role: R) {
  type Answer = R extends "admin" ? AdminTwoFactorConfirmResponse : ModelTwoFactorConfirmResponse;
  return useMutation({
    mutationFn: (body: { challenge: string; code: string }) =>
      api.post<Answer>(apiPaths.auth.twoFactorConfirm(role), body, { skipAuthRedirect: true }),
  });
}

/** The query key of her two-step sign-in status (passkeys added or removed change it too). */
export const statusKey = () => [...queryScope("me", "two-factor")] as const;

/** GET /api/models/two-factor: whether her sign-in takes a second step, and with which factors. */
export function useTwoFactorStatus(enabled = true) {
  return useQuery({
    queryKey: statusKey(),
    queryFn: () => api.get<TwoFactorStatus>(apiPaths.twoFactor.root),
    enabled,
  });
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

/**
 * From Configurações, each confirmed by a current code (or a recovery code): ten new recovery codes, a new phone
 * (a new authenticator to confirm as the first time), switching it off (also her password).
 */
export function useNewRecoveryCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<RecoveryCodesResponse>(apiPaths.twoFactor.recoveryCodes, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey() }),
  });
}
export function useReplaceAuthenticator() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (code: string) => api.post<TwoFactorSetupResponse>(apiPaths.twoFactor.replace, { code }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey() }),
  });
}
export function useDisableTwoFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: TwoFactorDisableBody) => api.post<void>(apiPaths.twoFactor.disable, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey() }),
  });
}
