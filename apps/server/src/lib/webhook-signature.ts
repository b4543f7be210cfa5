import { createHmac, timingSafeEqual } from "node:crypto";

/**
 * Mercado Pago's webhook signature. The header `x-signature: ts=<seconds>,v1=<hex>` signs the text
 * `id:<data.id from the query string>;request-id:<x-request-id>;ts:<ts>;` (each part present only when its value
 * is; the trailing semicolon included) with HMAC-SHA256 keyed by the application's webhook secret.
 */

export function signedText(parts: { dataId?: string; requestId?: string; ts?: string }): string {
  let text = "";
  if (parts.dataId) text += `id:${parts.dataId};`;
  if (parts.requestId) text += `request-id:${parts.requestId};`;
  if (parts.ts) text += `ts:${parts.ts};`;
  return text;
}

export function webhookSignatureV1(secret: string, parts: { dataId?: string; requestId?: string; ts?: string }) {
  return createHmac("sha256", secret).update(signedText(parts)).digest("hex");
}

/** The `x-signature` header value for a notification (the fake provider and the tests sign with it). */
export function signWebhook(input: { secret: string; dataId?: string; requestId?: string; ts: string }): string {
  return `ts=${input.ts},v1=${webhookSignatureV1(input.secret, input)}`;
}

/** ts and v1 from an `x-signature` header; null when either is missing. */
export function parseSignatureHeader(header: string | undefined): { ts: string; v1: string } | null {
  if (!header) return null;
  let ts: string | undefined;
  let v1: string | undefined;
  for (const part of header.split(",")) {
    const eq = part.indexOf("=");
    if (eq < 0) continue;
    const key = part.slice(0, eq).trim();
    const value = part.slice(eq + 1).trim();
    if (key === "ts") ts = value;
    else if (key === "v1") v1 = value;
  }
  return ts && v1 ? { ts, v1 } : null;
}

/**
 * True when the header signs this notification with `secret`, compared in constant time. An empty secret
 * verifies nothing. Mercado Pago documents data.id lower-cased for alphanumeric ids; payment ids are digits.
 */
export function verifyWebhookSignature(input: {
  secret: string;
  header: string | undefined;
  requestId: string | undefined;
  dataId: string | undefined;
}): boolean {
  if (!input.secret) return false;
  const parsed = parseSignatureHeader(input.header);
  if (!parsed || !/^[0-9a-f]{64}$/i.test(parsed.v1)) return false;
  const expected = Buffer.from(
    webhookSignatureV1(input.secret, {
      dataId: input.dataId?.toLowerCase(),
      requestId: input.requestId,
      ts: parsed.ts,
    }),
    "hex",
  );
  const given = Buffer.from(parsed.v1.toLowerCase(), "hex");
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Above this a `ts` is read as milliseconds: Mercado Pago's docs say milliseconds, its own validator seconds. */
const MILLISECOND_TIMESTAMPS_FROM = 1e12;

/**
 * True when the header's `ts` (seconds, or milliseconds when it is that large) lies within `toleranceS` of `now`,
 * before or after: an old notification replayed, or one dated in the future, is refused.
 */
export function isSignatureFresh(header: string | undefined, now: number, toleranceS: number): boolean {
  const ts = parseSignatureHeader(header)?.ts;
  if (!ts || !/^\d{1,16}$/.test(ts)) return false;
  const value = Number(ts);
  const atMs = value >= MILLISECOND_TIMESTAMPS_FROM ? value : value * 1000;
  return Math.abs(now - atMs) <= toleranceS * 1000;
}
