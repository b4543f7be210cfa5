// No zod here: the public pages load this file (the schemas are in age-assurance.ts, which re-exports it).

/**
 * How the site makes sure a visitor is an adult before showing adult content:
 * - `verifier`: an age verifier (OpenID Connect) answers "over 18" and the server hands out an age pass; the server
 *   refuses adult content without one (Lei 15.211/2025, art. 9 §1: no self-declaration).
 * - `self-declaration`: the visitor clicks "Entrar no site" (development and demonstrations only: not lawful for
 *   adult content in Brazil).
 */
export const AGE_ASSURANCE_MODES = ["verifier", "self-declaration"] as const;
export type AgeAssuranceMode = (typeof AGE_ASSURANCE_MODES)[number];

/**
 * The self-declared age gate's cookie: `age_ok=1` once the visitor clicks "Entrar no site", kept one year
 * (SameSite=Lax; Secure over https), written by the gate's script or, without script, by GET /api/age-gate. The server
 * renders a page without the gate while it is set. With an age verifier it means nothing.
 */
export const AGE_GATE_COOKIE = "age_ok";
const AGE_GATE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** The cookie's `Set-Cookie` / `document.cookie` text; `secure` when the page is served over https. */
export function ageGateCookie(secure: boolean): string {
  return `${AGE_GATE_COOKIE}=1; Path=/; Max-Age=${AGE_GATE_COOKIE_MAX_AGE}; SameSite=Lax${secure ? "; Secure" : ""}`;
}

/** Whether a Cookie header (or `document.cookie`) holds the accepted age gate. */
export function hasAgeGateCookie(cookies: string): boolean {
  return cookies.split(/;\s*/).includes(`${AGE_GATE_COOKIE}=1`);
}

/** The outcome of one age check, the only thing kept about it (with its verifier, method, assurance and time). */
export const AGE_CHECK_OUTCOMES = ["over18", "under18", "cancelled", "error", "replayed"] as const;
export type AgeCheckOutcome = (typeof AGE_CHECK_OUTCOMES)[number];

/** The 403 of an adult-content API call without a valid age pass (code AGE_VERIFICATION_REQUIRED). */
export const AGE_VERIFICATION_REQUIRED_MESSAGE = "Verifique sua idade para ver este conteúdo.";
/** Shown when the verifier answers "under 18": no pass is given. */
export const AGE_REFUSED_MESSAGE = "Este conteúdo é restrito a maiores de 18 anos.";
/** Shown when the check failed (the verifier's error, an expired or replayed answer). */
export const AGE_CHECK_FAILED_MESSAGE = "Não foi possível verificar sua idade. Tente novamente.";
/** Shown when the visitor cancelled at the verifier: nothing failed, she may start again. */
export const AGE_CHECK_CANCELLED_MESSAGE = "Você cancelou a verificação de idade. Para entrar no site, comece de novo.";
/** The admin dashboard's warning while the site runs on self-declaration. */
export const SELF_DECLARATION_WARNING =
  "A verificação de idade por autodeclaração não atende à Lei 15.211/2025 (ECA Digital). Configure um verificador.";

/** Days an age-check row is kept; older rows survive only as daily counts. */
export const AGE_CHECK_RETENTION_DAYS = 180;

/**
 * Where the verifier sends the visitor back with the result (`?idade=…` on the page she came from): `menor` (under
 * 18), `cancelada` (cancelled at the verifier), `falhou` (any other failure). The gate shows the matching message.
 */
export const AGE_RESULT_PARAM = "idade";
export const AGE_RESULTS = { under18: "menor", cancelled: "cancelada", failed: "falhou" } as const;
export type AgeResult = (typeof AGE_RESULTS)[keyof typeof AGE_RESULTS];
