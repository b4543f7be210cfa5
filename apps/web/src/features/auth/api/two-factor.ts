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
import { type AccountAudience, accountScope } from "./audience";

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

/** The query key of the account's two-step sign-in status (passkeys added or removed change it too). */
export const statusKey = (audience: AccountAudience) => [...accountScope(audience, "two-factor")] as const;

/** GET …/two-factor (the advertiser's or the admin's): whether her sign-in takes a second step, with which factors. */
export function useTwoFactorStatus(audience: AccountAudience) {
  return useQuery({
    queryKey: statusKey(audience),
    queryFn: () => api.get<TwoFactorStatus>(apiPaths.twoFactor[audience].root),
  });
}

/** A change of the account's two-step sign-in: `call`, then her status read again. */
function useTwoFactorChange<V, R>(audience: AccountAudience, call: (paths: TwoFactorPaths, body: V) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: V) => call(apiPaths.twoFactor[audience], body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: statusKey(audience) }),
  });
}
type TwoFactorPaths = (typeof apiPaths.twoFactor)["model"];

/** POST …/setup and …/confirm (from Configurações): the app to add, then its first code → the recovery codes. */
export function useTwoFactorSetup(audience: AccountAudience) {
  return useMutation({ mutationFn: () => api.post<TwoFactorSetupResponse>(apiPaths.twoFactor[audience].setup) });
}
export const useTwoFactorConfirm = (audience: AccountAudience) =>
  useTwoFactorChange(audience, (paths, code: string) => api.post<RecoveryCodesResponse>(paths.confirm, { code }));

/**
 * From Configurações, each confirmed by a current code (or a recovery code): ten new recovery codes, a new phone
 * (a new authenticator to confirm as the first time), removing the app (also her password).
 */
export const useNewRecoveryCodes = (audience: AccountAudience) =>
  useTwoFactorChange(audience, (paths, code: string) => api.post<RecoveryCodesResponse>(paths.recoveryCodes, { code }));
export const useReplaceAuthenticator = (audience: AccountAudience) =>
  useTwoFactorChange(audience, (paths, code: string) => api.post<TwoFactorSetupResponse>(paths.replace, { code }));
export const useDisableTwoFactor = (audience: AccountAudience) =>
  useTwoFactorChange(audience, (paths, body: TwoFactorDisableBody) => api.post<void>(paths.disable, body));
