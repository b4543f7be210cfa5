import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminLoginResponse,
  AdminTwoFactorConfirmResponse,
  ModelAuthResponse,
  ModelTwoFactorConfirmResponse,
  PasskeyAdded,
  PasskeyOptions,
  PasskeysResponse,
  Success,
} from "@vitrine/contracts";
import { api, errorMessage } from "@/lib/api-client";
import { type AccountAudience, accountScope } from "./audience";
import { statusKey } from "./two-factor";

const rootOf = (audience: AccountAudience) => (audience === "model" ? "/api/models/passkeys" : "/api/admin/passkeys");
const keyOf = (audience: AccountAudience) => accountScope(audience, "passkeys");

/**
 * The browser half of WebAuthn (@simplewebauthn/browser), loaded only when a passkey is used: it is not part of the
 * first-load JavaScript.
 */
const webauthn = () => import("@simplewebauthn/browser");

/** Whether this browser can create and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window !== "undefined" && typeof window.PublicKeyCredential === "function";
}

/** GET …/passkeys: her passkeys, with name, created and last used. */
export function useMyPasskeys(audience: AccountAudience) {
  return useQuery({ queryKey: keyOf(audience), queryFn: () => api.get<PasskeysResponse>(rootOf(audience)) });
}

/** Her passkeys and her two-step sign-in status (a passkey turns it on), read again after a change. */
function refresh(queryClient: ReturnType<typeof useQueryClient>, audience: AccountAudience) {
  void queryClient.invalidateQueries({ queryKey: keyOf(audience) });
  void queryClient.invalidateQueries({ queryKey: statusKey(audience) });
}

/**
 * Options from the server, the browser's passkey dialog, then the new passkey sent back under `name`; the answer
 * carries ten recovery codes when it is her first second factor.
 */
export function useAddPasskey(audience: AccountAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (name: string) => {
      const [{ startRegistration }, { options }] = await Promise.all([
        webauthn(),
        api.post<PasskeyOptions>(`${rootOf(audience)}/options`),
      ]);
      const response = await startRegistration({ optionsJSON: options as never });
      return api.post<PasskeyAdded>(rootOf(audience), { name, response });
    },
    onSettled: () => refresh(queryClient, audience),
  });
}

/** DELETE …/passkeys/:id; her password when it is her last second factor (two-step sign-in then goes off). */
export function useRemovePasskey(audience: AccountAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, password }: { id: number; password?: string }) =>
      api.delete<Success>(`${rootOf(audience)}/${id}`, password ? { body: { password } } : {}),
    onSettled: () => refresh(queryClient, audience),
  });
}

/**
 * Signing in with a passkey at /api/auth/{role}/passkey: with the password step's `challenge` it is the second
 * step; without it, a sign-in without password (the browser offers this site's passkeys).
 */
export function usePasskeySignIn<R extends "admin" | "model">(role: R) {
  type Answer = R extends "admin" ? AdminLoginResponse : ModelAuthResponse;
  return useMutation({
    mutationFn: async (challenge?: string) => {
      const body = challenge ? { challenge } : {};
      const [{ startAuthentication }, { options }] = await Promise.all([
        webauthn(),
        api.post<PasskeyOptions>(`/api/auth/${role}/passkey/options`, body, { skipAuthRedirect: true }),
      ]);
      const response = await startAuthentication({ optionsJSON: options as never });
      return api.post<Answer>(`/api/auth/${role}/passkey`, { ...body, response }, { skipAuthRedirect: true });
    },
  });
}

/**
 * The first set-up where two-step sign-in is mandatory, with a passkey instead of the app: options for the set-up
 * `challenge`, the browser's passkey dialog, then the new passkey under `name` → the session and ten recovery codes.
 */
export function usePasskeySetup<R extends "admin" | "model">(role: R) {
  type Answer = R extends "admin" ? AdminTwoFactorConfirmResponse : ModelTwoFactorConfirmResponse;
  return useMutation({
    mutationFn: async ({ challenge, name }: { challenge: string; name: string }) => {
      const root = `/api/auth/${role}/two-factor/setup/passkey`;
      const [{ startRegistration }, { options }] = await Promise.all([
        webauthn(),
        api.post<PasskeyOptions>(`${root}/options`, { challenge }, { skipAuthRedirect: true }),
      ]);
      const response = await startRegistration({ optionsJSON: options as never });
      return api.post<Answer>(root, { challenge, name, response }, { skipAuthRedirect: true });
    },
  });
}

/** The browser's own refusal (she closed the dialog, or no passkey of this site) said plainly; else the server's. */
export function passkeyErrorMessage(err: unknown, fallback: string): string {
  const name = err instanceof Error ? err.name : "";
  if (name === "NotAllowedError" || name === "AbortError") return "A chave de acesso não foi usada.";
  if (name === "InvalidStateError") return "Esta chave de acesso já está cadastrada neste dispositivo.";
  return errorMessage(err, fallback);
}
