import { type QueryClient, queryOptions, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AdminUser, SessionModel } from "@vitrine/contracts";
import { useMemo } from "react";
import { ApiError } from "@/lib/api-client";
import { clearToken, clearTokens, getActiveRole, getToken, setActiveRole, setToken } from "@/lib/auth-storage";
import { PRIVATE_QUERY_ROOTS, type QueryRoot } from "@/lib/query-keys";
import { verifySession } from "./api/verify-session";

/**
 * The session: loading at start, then signed-out, admin or model.
 * Read it with useSession(); change it with useSessionActions().
 */
export type Session =
  | { status: "loading"; user: null; model: null }
  | {
      status: "signed-out";
      user: null;
      model: null;
      /** A stored session was refused at start-up (ended, revoked or expired): the screens say so. */
      ended?: boolean;
    }
  | { status: "admin"; user: AdminUser; model: null }
  | { status: "model"; user: null; model: SessionModel };

type ResolvedSession = Exclude<Session, { status: "loading" }>;

/** The one query key outside the "public" | "me" | "admin" roots (lib/query-keys): it decides who "me" is. */
export const sessionQueryKey = ["session"] as const;

const LOADING: Session = { status: "loading", user: null, model: null };
const SIGNED_OUT: Extract<Session, { status: "signed-out" }> = { status: "signed-out", user: null, model: null };

const isRejected = (err: unknown) => err instanceof ApiError && err.isRefusal;

/**
 * Admin token first, then the model token (admin wins when both exist), except on a refresh in a tab that
 * is signed in as a model. Rejected tokens are cleared silently.
 */
async function resolveSession(): Promise<ResolvedSession> {
  const order = getActiveRole() === "model" ? (["model", "admin"] as const) : (["admin", "model"] as const);
  let ended = false;
  for (const role of order) {
    const token = getToken(role);
    if (!token) continue;
    try {
      const result = await verifySession(token);
      if (result.user) {
        setActiveRole("admin");
        return { status: "admin", user: result.user, model: null };
      }
      if (result.model) {
        setActiveRole("model");
        return { status: "model", user: null, model: result.model };
      }
      clearToken(role);
      ended = true;
    } catch (err) {
      // A network or server failure keeps the token: the next page load tries again.
      if (isRejected(err)) {
        clearToken(role);
        ended = true;
        continue;
      }
      // A re-check of the role this tab is signed in as that fails for such a reason keeps the session the tab has
      // (the query keeps its data on error), rather than moving on to the other role's token.
      if (getActiveRole() === role) throw err;
    }
  }
  setActiveRole(null);
  return ended ? { ...SIGNED_OUT, ended } : SIGNED_OUT;
}

export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionQueryKey,
    queryFn: resolveSession,
    staleTime: Infinity,
    gcTime: Infinity,
    retry: false,
  });

/** The current session; `status` is "loading" until the start-up check ends (and always on a server). */
export function useSession(): Session {
  const { data } = useQuery(sessionQueryOptions());
  return data ?? LOADING;
}

function dropPrivateQueries(queryClient: QueryClient) {
  queryClient.removeQueries({ predicate: (q) => PRIVATE_QUERY_ROOTS.includes(q.queryKey[0] as QueryRoot) });
}

/** Stores the token and switches the session without a round trip. */
export function signInAdmin(queryClient: QueryClient, { token, user }: { token: string; user: AdminUser }) {
  setToken("admin", token);
  setActiveRole("admin");
  dropPrivateQueries(queryClient);
  queryClient.setQueryData<ResolvedSession>(sessionQueryKey, { status: "admin", user, model: null });
}

export function signInModel(queryClient: QueryClient, { token, model }: { token: string; model: SessionModel }) {
  setToken("model", token);
  setActiveRole("model");
  dropPrivateQueries(queryClient);
  queryClient.setQueryData<ResolvedSession>(sessionQueryKey, { status: "model", user: null, model });
}

/** Logout and the 401 handler: both tokens and the user are cleared. */
export function signOut(queryClient: QueryClient) {
  clearTokens();
  setActiveRole(null);
  dropPrivateQueries(queryClient);
  queryClient.setQueryData<ResolvedSession>(sessionQueryKey, SIGNED_OUT);
}

/**
 * const { signInAdmin, signInModel, signOut, refreshSession } = useSessionActions();
 * refreshSession() re-reads GET /api/auth/verify (e.g. after a payment event changed payment_status).
 */
export function useSessionActions() {
  const queryClient = useQueryClient();
  return useMemo(
    () => ({
      signInAdmin: (data: { token: string; user: AdminUser }) => signInAdmin(queryClient, data),
      signInModel: (data: { token: string; model: SessionModel }) => signInModel(queryClient, data),
      signOut: () => signOut(queryClient),
      refreshSession: () => queryClient.invalidateQueries({ queryKey: sessionQueryKey }),
    }),
    [queryClient],
  );
}
