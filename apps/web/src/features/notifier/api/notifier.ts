import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  NotifierAccount,
  NotifierLoginBody,
  NotifierReport,
  NotifierReportBody,
  NotifierReportsResponse,
  NotifierSessionResponse,
  NotifierSetPasswordBody,
  Success,
} from "@vitrine/contracts";
import { useCallback, useSyncExternalStore } from "react";
import { api, ApiError } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

/**
 * A trusted notifier's session (decision 061): its own bearer token, kept apart from the admin's and the
 * model's, and sent only to /api/notifier. A 401 (signed out, expired, revoked) drops it.
 */
const TOKEN_KEY = "notifierToken";
const listeners = new Set<() => void>();

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null;
  }
}

const readToken = () => storage()?.getItem(TOKEN_KEY) ?? null;

function writeToken(token: string | null) {
  if (token) storage()?.setItem(TOKEN_KEY, token);
  else storage()?.removeItem(TOKEN_KEY);
  for (const listener of listeners) listener();
}

/** The notifier's token (null when signed out), following sign-in and sign-out. */
export function useNotifierToken(): string | null {
  const subscribe = useCallback((listener: () => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  }, []);
  return useSyncExternalStore(subscribe, readToken, () => null);
}

export const signOutNotifier = () => writeToken(null);

/** A call with the notifier's token; a 401 signs it out (the page then shows the sign-in). */
async function asNotifier<T>(call: (token: string) => Promise<T>): Promise<T> {
  const token = readToken();
  if (!token) throw new ApiError(401, "Entre novamente.", { code: "UNAUTHENTICATED" });
  try {
    return await call(token);
  } catch (err) {
    if (err instanceof ApiError && err.status === 401) writeToken(null);
    throw err;
  }
}

const keys = {
  me: () => [...queryScope("me", "notifier"), "me"] as const,
  reports: () => [...queryScope("me", "notifier"), "reports"] as const,
};

/** GET /api/notifier/me: the signed-in organisation. */
export const useNotifierMe = (enabled: boolean) =>
  useQuery({
    queryKey: keys.me(),
    queryFn: () =>
      asNotifier((token) =>
        api.get<{ notifier: NotifierAccount }>(apiPaths.notifier.me, { token, skipAuthRedirect: true }),
      ),
    enabled,
    retry: false,
  });

/** POST /api/notifier/password: the e-mailed link's token and the chosen password. */
export const useSetNotifierPassword = () =>
  useMutation({
    mutationFn: (body: NotifierSetPasswordBody) =>
      api.post<Success>(apiPaths.notifier.password, body, { token: null, skipAuthRedirect: true }),
  });

/** POST /api/notifier/login: keeps the token it answers. */
export const useNotifierLogin = () =>
  useMutation({
    mutationFn: (body: NotifierLoginBody) =>
      api.post<NotifierSessionResponse>(apiPaths.notifier.login, body, { token: null, skipAuthRedirect: true }),
    onSuccess: ({ token }) => writeToken(token),
  });

/** GET /api/notifier/reports: its own reports, newest first, with their state. */
export const useNotifierReports = (enabled: boolean) =>
  useQuery({
    queryKey: keys.reports(),
    queryFn: () =>
      asNotifier((token) =>
        api.get<NotifierReportsResponse>(apiPaths.notifier.reports, { token, skipAuthRedirect: true }),
      ),
    enabled,
    retry: false,
  });

/** POST /api/notifier/reports. */
export function useSendNotifierReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: NotifierReportBody) =>
      asNotifier((token) =>
        api.post<{ report: NotifierReport; message: string }>(apiPaths.notifier.reports, body, {
          token,
          skipAuthRedirect: true,
        }),
      ),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: keys.reports() }),
  });
}
