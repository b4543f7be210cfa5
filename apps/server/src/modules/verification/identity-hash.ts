import { createHmac } from "node:crypto";
import type { DocumentType } from "@vitrine/contracts";
import { and, eq, isNotNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { bannedIdentities, identityVerifications } from "../../db/schema";
import { deriveFileKey } from "../../lib/file-cipher";
import type { Tx } from "../models/lock-model";

/**
 * Who was verified, without keeping who it is: an HMAC-SHA256, under a key derived from the server secret, of the
 * document type and number the admin read (a review) or of the verifier's issuer and subject (a verifier). The
 * number and the subject themselves are never stored; the hash only lets a ban recognise the same identity when it
 * comes back. Without the server secret a hash cannot be tested against a list of document numbers.
 */
export function identityHashKey(config: FastifyInstance["config"]): Buffer {
  return deriveFileKey(config.jwtSecret, "vitrine:identity-hash:v1");
}

const hmac = (key: Buffer, text: string) => createHmac("sha256", key).update(text).digest("hex");

/** A document's identity: its type and its number as DocumentNumberSchema normalised it (letters and digits). */
export const documentIdentityHash = (key: Buffer, type: DocumentType, number: string) =>
  hmac(key, `document\n${type}\n${number}`);

/** A verifier's identity of her: its issuer and her stable subject there. */
export const verifierIdentityHash = (key: Buffer, issuer: string, subject: string) =>
  hmac(key, `verifier\n${issuer}\n${subject}`);

export async function isIdentityBanned(tx: Tx, hash: string): Promise<boolean> {
  const [row] = await tx
    .select({ hash: bannedIdentities.identityHash })
    .from(bannedIdentities)
    .where(eq(bannedIdentities.identityHash, hash));
  return !!row;
}

/**
 * A ban blocks every identity she was verified with (any of her verifications that recorded one): a later
 * verification of the same document or verifier account, on any account, is refused. Returns how many.
 */
export async function banModelIdentities(tx: Tx, modelId: number): Promise<number> {
  const rows = await tx
    .selectDistinct({ hash: identityVerifications.identityHash })
    .from(identityVerifications)
    .where(and(eq(identityVerifications.modelId, modelId), isNotNull(identityVerifications.identityHash)));
  const hashes = rows.map((r) => r.hash).filter((h): h is string => !!h);
  if (hashes.length === 0) return 0;
  await tx
    .insert(bannedIdentities)
    .values(hashes.map((identityHash) => ({ identityHash, modelId })))
    .onConflictDoNothing();
  return hashes.length;
}

/** An appeal that reverses her ban lifts the block of her identities. */
export async function liftModelIdentityBan(tx: Tx, modelId: number): Promise<void> {
  await tx.delete(bannedIdentities).where(eq(bannedIdentities.modelId, modelId));
}
