/**
 * Every TanStack Query key starts with one of three roots, so whole audiences can be refreshed or dropped at once:
 * - "public": what any visitor sees (listing, profiles, cities, settings) — live updates refresh parts of it;
 * - "me": the signed-in model's own data — dropped on sign-in and sign-out;
 * - "admin": the back-office's data — dropped on sign-in and sign-out.
 * Each feature builds its keys in its own `api/query-keys.ts` from `queryScope(root, feature)`.
 * The session itself (["session"], features/auth) is the one key outside the roots: it decides who "me" is.
 */
export type QueryRoot = "public" | "me" | "admin";

/** Roots of one account's private data. */
export const PRIVATE_QUERY_ROOTS: readonly QueryRoot[] = ["me", "admin"];

/** Every key of a root: queryClient.invalidateQueries({ queryKey: rootKey("me") }). */
export const rootKey = <R extends QueryRoot>(root: R) => [root] as const;

/** The prefix of one feature's keys under a root: queryScope("me", "products") → ["me", "products"]. */
export const queryScope = <R extends QueryRoot, S extends string>(root: R, scope: S) => [root, scope] as const;
