import { jwtVerify, SignJWT } from "jose";
import { unauthorized } from "../../lib/app-error";
import { hkdfKey } from "../../lib/keys";

/**
 * The pending sign-in: between the first factor (a password) and the second, a short-lived token saying "this
 * account passed its first factor" (purpose `verify`: answer with a second factor; `setup`: an account where two-step
 * sign-in is mandatory sets up her first second factor). It is signed with a key of its own (derived from the server
 * secret), so it is never taken for a session token, and it names the session version, so a password change
 * meanwhile voids it. Every second factor answers it through the front door (sign-in/front-door.ts).
 */
export type Challenge = { role: "admin" | "model"; id: number; sessionVersion: number; purpose: "verify" | "setup" };

export const CHALLENGE_TTL_SECONDS = 5 * 60;
export const CHALLENGE_INVALID = "Sua verificação expirou. Entre com sua senha novamente.";

const keyOf = (secret: string) => hkdfKey(secret, "vitrine:two-factor-challenge:v1");

export function signChallenge(secret: string, c: Challenge, now = Date.now()): Promise<string> {
  const issuedAt = Math.floor(now / 1000);
  return new SignJWT({ role: c.role, sv: c.sessionVersion, purpose: c.purpose })
    .setProtectedHeader({ alg: "HS256" })
    .setSubject(String(c.id))
    .setIssuedAt(issuedAt)
    .setExpirationTime(issuedAt + CHALLENGE_TTL_SECONDS)
    .sign(keyOf(secret));
}

/** The challenge of `role` and `purpose`, or 401 when it is forged, expired, or of another kind. */
export async function readChallenge(
  secret: string,
  token: string,
  expect: { role: Challenge["role"]; purpose: Challenge["purpose"] },
): Promise<Challenge> {
  try {
    const { payload } = await jwtVerify(token, keyOf(secret), {
      algorithms: ["HS256"],
      requiredClaims: ["exp", "sub"],
    });
    const id = Number(payload.sub);
    if (payload.role !== expect.role || payload.purpose !== expect.purpose || typeof payload.sv !== "number") {
      throw new Error("another kind of challenge");
    }
    if (!Number.isSafeInteger(id) || id <= 0) throw new Error("bad subject");
    return { role: expect.role, id, sessionVersion: payload.sv, purpose: expect.purpose };
  } catch {
    throw unauthorized(CHALLENGE_INVALID);
  }
}
