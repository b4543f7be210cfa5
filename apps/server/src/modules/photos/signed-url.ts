import { createHmac, timingSafeEqual } from "node:crypto";
import { hmacKey } from "../../lib/keys";

/**
 * Signed photo URLs expire on a quarter-hour boundary 45 to 60 minutes ahead: the same URL is handed out for
 * 15 minutes, so the browser can cache the image meanwhile.
 */
const STEP = 15 * 60;
const STEPS_AHEAD = 4;
/** No signature is honoured for longer than this, whatever `exp` says. */
export const SIGNED_URL_MAX_SECONDS = 3600;

/**
 * What a signature is bound to. When the account's session version changes (password change) or the photo turns
 * public or private, the signature no longer matches; a deleted photo has no row, so it is never served at all.
 */
export type SignedPhotoState = { filename: string; isPublic: boolean; sessionVersion: number };

/** A key used only for photo URLs, derived from the JWT secret so that a leaked URL tells nothing about it. */
function photoUrlKey(secret: string): Buffer {
  return Buffer.from(hmacKey(secret, "vitrine:photo-url:v2"));
}

function signature(secret: string, state: SignedPhotoState, exp: number): string {
  const message = `${state.filename}:${exp}:${state.sessionVersion}:${state.isPublic ? "public" : "private"}`;
  return createHmac("sha256", photoUrlKey(secret)).update(message).digest("base64url");
}

/**
 * Signs access to every variant of one photo, in its current state, until `exp` (unix seconds). The owner's API
 * puts `?exp=…&sig=…` on its URLs so that private photos, and photos of a hidden model, load in the owner's <img>.
 */
export function signPhotoAccess(
  secret: string,
  state: SignedPhotoState,
  now: Date = new Date(),
): { exp: number; sig: string } {
  const exp = (Math.floor(now.getTime() / 1000 / STEP) + STEPS_AHEAD) * STEP;
  return { exp, sig: signature(secret, state, exp) };
}

/** True when `sig` signs the photo in `state` until `exp`, and `exp` is neither past nor more than an hour away. */
export function verifyPhotoAccess(
  secret: string,
  state: SignedPhotoState,
  exp: string | undefined,
  sig: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expSeconds = Number(exp);
  const nowSeconds = Math.floor(now.getTime() / 1000);
  if (expSeconds <= nowSeconds || expSeconds > nowSeconds + SIGNED_URL_MAX_SECONDS) return false;
  const expected = Buffer.from(signature(secret, state, expSeconds));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Seconds a signed URL stays valid, for the private Cache-Control max-age. */
export function secondsUntil(exp: string, now: Date = new Date()): number {
  return Math.max(0, Number(exp) - Math.floor(now.getTime() / 1000));
}
