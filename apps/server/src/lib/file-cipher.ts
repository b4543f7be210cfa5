import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { hkdfKey } from "./keys";

/**
 * Files kept encrypted at rest: AES-256-GCM with a random 96-bit IV per file, stored as
 * `version (1 byte) · IV (12) · tag (16) · ciphertext`. Opening checks the tag, so a file altered or sealed with
 * another key throws instead of answering garbage.
 */
const VERSION = 1;
const IV_BYTES = 12;
const TAG_BYTES = 16;
const HEADER_BYTES = 1 + IV_BYTES + TAG_BYTES;

export function sealFile(key: Buffer, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const body = Buffer.concat([cipher.update(plain), cipher.final()]);
  return Buffer.concat([Buffer.from([VERSION]), iv, cipher.getAuthTag(), body]);
}

export function openFile(key: Buffer, sealed: Buffer): Buffer {
  if (sealed.length < HEADER_BYTES || sealed[0] !== VERSION) throw new Error("sealed file: unknown format");
  const iv = sealed.subarray(1, 1 + IV_BYTES);
  const decipher = createDecipheriv("aes-256-gcm", key, iv);
  decipher.setAuthTag(sealed.subarray(1 + IV_BYTES, HEADER_BYTES));
  return Buffer.concat([decipher.update(sealed.subarray(HEADER_BYTES)), decipher.final()]);
}

/**
 * A 32-byte key of its own for one use (`label`), derived from the server secret: what a development or test
 * server uses when the configuration gives no key (production requires one).
 */
export function deriveFileKey(secret: string, label: string): Buffer {
  return Buffer.from(hkdfKey(secret, label));
}
