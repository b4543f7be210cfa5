import { createHmac, timingSafeEqual } from "node:crypto";

/** Signed photo URLs live between one and two hours; rounding to the hour keeps URLs stable for caching. */
const HOUR = 3600;

/** A key used only for photo URLs, derived from the JWT secret so that a leaked URL tells nothing about it. */
function photoKey(secret: string): Buffer {
  return createHmac("sha256", secret).update("vitrine:photo-url:v1").digest();
}

function signature(secret: string, filename: string, exp: number): string {
  return createHmac("sha256", photoKey(secret)).update(`${filename}:${exp}`).digest("base64url");
}

/**
 * Signs access to every variant of one photo until `exp` (unix seconds). The owner's API puts
 * `?exp=…&sig=…` on its URLs so that private photos, and photos of a hidden model, load in the owner's <img>.
 */
export function signPhotoAccess(
  secret: string,
  filename: string,
  now: Date = new Date(),
): { exp: number; sig: string } {
  const exp = (Math.floor(now.getTime() / 1000 / HOUR) + 2) * HOUR;
  return { exp, sig: signature(secret, filename, exp) };
}

/** True when `sig` signs `filename` until `exp` and `exp` has not passed. */
export function verifyPhotoAccess(
  secret: string,
  filename: string,
  exp: string | undefined,
  sig: string | undefined,
  now: Date = new Date(),
): boolean {
  if (!exp || !sig || !/^\d{1,12}$/.test(exp)) return false;
  const expSeconds = Number(exp);
  if (expSeconds <= Math.floor(now.getTime() / 1000)) return false;
  const expected = Buffer.from(signature(secret, filename, expSeconds));
  const given = Buffer.from(sig);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Seconds a signed URL stays valid, for the private Cache-Control max-age. */
export function secondsUntil(exp: string, now: Date = new Date()): number {
  return Math.max(0, Number(exp) - Math.floor(now.getTime() / 1000));
}
