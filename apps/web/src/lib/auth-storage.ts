/**
 * Where the bearer tokens live: `token` for the admin, `modelToken` for the model.
 * Every access is guarded so that modules importing this can also run on a server (SSR) without `window`.
 */
export const ADMIN_TOKEN_KEY = "token";
export const MODEL_TOKEN_KEY = "modelToken";

export type TokenRole = "admin" | "model";

const keyOf = (role: TokenRole) => (role === "admin" ? ADMIN_TOKEN_KEY : MODEL_TOKEN_KEY);

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.localStorage;
  } catch {
    return null; // storage disabled (privacy mode)
  }
}

export function getToken(role: TokenRole): string | null {
  return storage()?.getItem(keyOf(role)) ?? null;
}

export function setToken(role: TokenRole, token: string): void {
  storage()?.setItem(keyOf(role), token);
}

export function clearToken(role: TokenRole): void {
  storage()?.removeItem(keyOf(role));
}

export function clearTokens(): void {
  clearToken("admin");
  clearToken("model");
}

/**
 * Which token the API client sends. Admin wins when both exist; but once this tab has signed in
 * as a model (e.g. an admin's direct login into a model account) the session says so and we follow it.
 */
let activeRole: TokenRole | null = null;

export function setActiveRole(role: TokenRole | null): void {
  activeRole = role;
}

export function getActiveRole(): TokenRole | null {
  return activeRole;
}

export function getBearerToken(): string | null {
  if (activeRole) return getToken(activeRole);
  return getToken("admin") ?? getToken("model");
}
