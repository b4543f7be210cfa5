import { createHmac, hkdfSync } from "node:crypto";

/**
 * Every key the server uses is derived from its one secret (`JWT_SECRET`) and a label naming its use and version
 * ("vitrine:<use>:v<n>"), so that no two uses share a key and a key is changed by changing its label's version.
 * Two derivations are in use and neither may change for an existing label: a key that encrypted stored data or signed
 * a live token must come out the same.
 */

/** HKDF-SHA256 of the secret with `label` as its info: 32 bytes. */
export function hkdfKey(secret: string, label: string): Uint8Array {
  return new Uint8Array(hkdfSync("sha256", secret, "", label, 32));
}

/** HMAC-SHA256 of `label` under the secret: 32 bytes (the older labels' derivation). */
export function hmacKey(secret: string, label: string): Uint8Array {
  return new Uint8Array(createHmac("sha256", secret).update(label).digest());
}
