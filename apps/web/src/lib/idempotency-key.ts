/**
 * A fresh Idempotency-Key: a random UUID. crypto.randomUUID exists only on a secure page (https, localhost); an
 * admin reaching the site by plain http on a local address gets 32 random hex digits from getRandomValues.
 */
export function newIdempotencyKey(): string {
  if (typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return Array.from(crypto.getRandomValues(new Uint8Array(16)), (byte) => byte.toString(16).padStart(2, "0")).join("");
}
