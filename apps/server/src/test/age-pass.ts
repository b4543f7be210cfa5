import { newSessionId, signAgePass } from "../modules/age-assurance/pass";

/**
 * The Cookie header of a browser holding a valid age pass, as a verifier's "over 18" leaves it: its age session id
 * and the pass bound to it, signed with the site's secret (`now` and `hours` move its validity).
 */
export async function agePassCookies(secret: string, options: { hours?: number; now?: Date } = {}): Promise<string> {
  const sessionId = newSessionId();
  const pass = await signAgePass({
    secret,
    sessionId,
    method: "oidc",
    verifier: "Verificador de teste",
    hours: options.hours ?? 1,
    now: options.now,
  });
  return `age_sid=${sessionId}; age_pass=${pass}`;
}
