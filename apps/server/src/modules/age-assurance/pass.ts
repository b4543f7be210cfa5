import { createHash, randomBytes } from "node:crypto";
import type { FastifyReply, FastifyRequest } from "fastify";
import { jwtVerify, SignJWT } from "jose";
import { appendSetCookie, readCookie } from "../../lib/cookies";
import { hmacKey } from "../../lib/keys";

export { appendSetCookie, readCookie };

/**
 * The age pass: proof, for one browser session, that a verifier answered "over 18". Two cookies, both HttpOnly,
 * SameSite=Lax, Secure over HTTPS, and without Max-Age, so the browser drops them when its session ends ("a cada
 * acesso": a new browser session verifies again):
 * - `age_sid`: a random id of this browser's age session, set when a check starts;
 * - `age_pass`: a JWT (HS256, a key of its own derived from the server secret) with only `over18`, the method, the
 *   verifier, issued/expiry (at most AGE_PASS_HOURS) and the SHA-256 of the session id. A pass copied into another
 *   browser lacks that browser's `age_sid` and is refused; so is one past its expiry or signed with another key.
 * Checking a pass is a signature check and a hash: no database read.
 */
export const AGE_PASS_COOKIE = "age_pass";
export const AGE_SESSION_COOKIE = "age_sid";

export type AgePass = { over18: true; method: string; verifier: string; issuedAt: Date; expiresAt: Date };

const AUDIENCE = "vitrine:age-pass";

/** A key used only for age passes, derived from the server secret so that a pass tells nothing about it. */
export function agePassKey(secret: string): Uint8Array {
  return hmacKey(secret, "vitrine:age-pass:v1");
}

/** SHA-256 (base64url) of an age session id: what the pass and the check rows hold instead of the id. */
export function sessionHash(sessionId: string): string {
  return createHash("sha256").update(sessionId).digest("base64url");
}

export function newSessionId(): string {
  return randomBytes(32).toString("base64url");
}

/** A browser-session cookie of the age check: HttpOnly, SameSite=Lax, Secure when the request came over HTTPS. */
export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, name: string, value: string): void {
  const secure = request.protocol === "https" ? "; Secure" : "";
  appendSetCookie(reply, `${name}=${value}; Path=/; HttpOnly; SameSite=Lax${secure}`);
}

export function clearCookie(request: FastifyRequest, reply: FastifyReply, name: string): void {
  const secure = request.protocol === "https" ? "; Secure" : "";
  appendSetCookie(reply, `${name}=; Path=/; Max-Age=0; HttpOnly; SameSite=Lax${secure}`);
}

/** Signs a pass for the browser whose age session id is `sessionId`, valid `hours` from `now`. */
export function signAgePass(options: {
  secret: string;
  sessionId: string;
  method: string;
  verifier: string;
  hours: number;
  now?: Date;
}): Promise<string> {
  const now = options.now ?? new Date();
  const iat = Math.floor(now.getTime() / 1000);
  return new SignJWT({ over18: true, mth: options.method, vrf: options.verifier, sid: sessionHash(options.sessionId) })
    .setProtectedHeader({ alg: "HS256" })
    .setAudience(AUDIENCE)
    .setIssuedAt(iat)
    .setExpirationTime(iat + Math.round(options.hours * 3600))
    .sign(agePassKey(options.secret));
}

/** The request's valid age pass, or null (none, forged, expired, from another browser, or not over 18). */
export async function readAgePass(request: FastifyRequest, secret: string, now?: Date): Promise<AgePass | null> {
  const token = readCookie(request, AGE_PASS_COOKIE);
  const sessionId = readCookie(request, AGE_SESSION_COOKIE);
  if (!token || !sessionId || token.length > 2048) return null;
  try {
    const { payload } = await jwtVerify(token, agePassKey(secret), {
      algorithms: ["HS256"],
      audience: AUDIENCE,
      currentDate: now,
      requiredClaims: ["exp", "iat"],
    });
    if (payload.over18 !== true || payload.sid !== sessionHash(sessionId)) return null;
    if (typeof payload.mth !== "string" || typeof payload.vrf !== "string") return null;
    return {
      over18: true,
      method: payload.mth,
      verifier: payload.vrf,
      issuedAt: new Date(payload.iat! * 1000),
      expiresAt: new Date(payload.exp! * 1000),
    };
  } catch {
    return null;
  }
}
