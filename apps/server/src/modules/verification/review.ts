import { AGE_MIN, type DocumentType, IDENTITY_BANNED_MESSAGE, UNDERAGE_MESSAGE } from "@vitrine/contracts";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type IdentityVerificationRow, identityVerifications, models } from "../../db/schema";
import { conflict, notFound, validationError } from "../../lib/app-error";
import { ageOn, todayInSaoPaulo } from "../../lib/dates";
import { recordAudit } from "../audit/service";
import { notifyVerificationDecided } from "../mail/service";
import { lockModel, lockModelForAdmin, type Tx } from "../models/lock-model";
import { isModelVisible, recordModelChange, type VisibilityChange } from "../models/publish";
import { documentIdentityHash, isIdentityBanned } from "./identity-hash";
import { APPEAL_KEEP_MS, FILES_KEEP_MS } from "./retention";
import { canSubmit, readStanding, VERIFIER_STARTED } from "./state";

export const VERIFICATION_NOT_FOUND = "Verificação não encontrada";

export type Decision = { modelId: number; verificationId: number; visibility: VisibilityChange };

/** The decision, its change recorded for the live stream in its transaction `tx` (recordModelChange). */
async function recorded<T extends Decision>(tx: Db, decision: T): Promise<T> {
  await recordModelChange(tx, decision.modelId, decision.visibility);
  return decision;
}

/** The verification awaiting review, locked with its model's row; anything else is 404 or 409. */
async function lockPending(tx: Tx, id: number): Promise<IdentityVerificationRow> {
  const [found] = await tx
    .select({ modelId: identityVerifications.modelId })
    .from(identityVerifications)
    .where(eq(identityVerifications.id, id));
  if (!found) throw notFound(VERIFICATION_NOT_FOUND);
  // The model's row first, as every change of hers does: her submission holds the same lock.
  await lockModelForAdmin(tx, found.modelId);
  const [row] = await tx.select().from(identityVerifications).where(eq(identityVerifications.id, id)).for("update");
  if (!row || row.status === "draft") throw notFound(VERIFICATION_NOT_FOUND);
  if (row.status !== "pending") throw conflict("Esta verificação já foi decidida.");
  return row;
}

const decided = (adminId: number, now: Date, keepMs: number) => ({
  decidedBy: adminId,
  decidedAt: now,
  filesDeleteAfter: new Date(now.getTime() + keepMs),
});

/** How a verification with a birth date ended: verified, frozen under 18, or refused (a banned identity). */
export type Settlement = "approved" | "underage" | "banned";

/**
 * The one rule that decides a verification by the birth date read on her document (by an admin) or given by the
 * identity verifier, on her locked row: under 18 (São Paulo today) → the verification ends as `underage` and the
 * account is frozen (hidden, no new verification, the admin switch refused) and listed to the admins; an identity
 * a ban blocked → the verification ends rejected with IDENTITY_BANNED_MESSAGE; otherwise she is verified
 * (is_verified), her age computed from that date. The identity hash is kept on the verification either way.
 */
async function settleVerification(
  tx: Tx,
  row: IdentityVerificationRow,
  input: {
    birthDate: string;
    identityHash: string;
    now: Date;
    /** Who decided and when the files go, by the settlement. */
    decision: (settlement: Settlement) => Partial<IdentityVerificationRow>;
  },
): Promise<{ settlement: Settlement; age: number }> {
  const today = todayInSaoPaulo(input.now);
  if (input.birthDate > today) {
    throw validationError([{ path: "birth_date", message: "A data de nascimento não pode estar no futuro" }]);
  }
  const age = ageOn(input.birthDate, today);
  const settlement: Settlement =
    age < AGE_MIN ? "underage" : (await isIdentityBanned(tx, input.identityHash)) ? "banned" : "approved";
  await tx
    .update(identityVerifications)
    .set({
      status: settlement === "banned" ? "rejected" : settlement,
      birthDate: settlement === "banned" ? null : input.birthDate,
      identityHash: input.identityHash,
      reason: settlement === "banned" ? IDENTITY_BANNED_MESSAGE : null,
      ...input.decision(settlement),
    })
    .where(eq(identityVerifications.id, row.id));
  if (settlement !== "banned") {
    await tx
      .update(models)
      .set(
        settlement === "underage"
          ? { isVerified: false, verificationFrozenAt: input.now }
          : { isVerified: true, verifiedBirthDate: input.birthDate, age, updatedAt: input.now },
      )
      .where(eq(models.id, row.modelId));
  }
  // She hears of an approval or a refusal; a frozen account (under 18) is for the admins to handle.
  if (settlement !== "underage") {
    await notifyVerificationDecided(
      tx,
      row.modelId,
      settlement === "approved" ? { approved: true } : { approved: false, reason: IDENTITY_BANNED_MESSAGE },
    );
  }
  return { settlement, age };
}

/**
 * Approves a verification with the birth date and the document number read on the document (settleVerification:
 * under 18 freezes the account, a banned identity is refused, otherwise she is verified); only a keyed hash of the
 * number is kept. Files are deleted within 24 hours of an approval or refusal, kept 30 days under 18 for the
 * admins; the route then answers 400 or 409. One audit row either way (never the number nor its hash).
 */
export async function approveVerification(input: {
  db: Db;
  adminId: number;
  id: number;
  birthDate: string;
  documentNumber: string;
  identityKey: Buffer;
  now?: Date;
}): Promise<Decision & { settlement: Settlement }> {
  const now = input.now ?? new Date();
  return input.db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id);
    const before = await isModelVisible({ db: tx, modelId: row.modelId });
    const documentType = (row.documentType ?? "rg") as DocumentType;
    const identityHash = documentIdentityHash(input.identityKey, documentType, input.documentNumber);
    const { settlement, age } = await settleVerification(tx, row, {
      birthDate: input.birthDate,
      identityHash,
      now,
      decision: (settlement) => decided(input.adminId, now, settlement === "underage" ? APPEAL_KEEP_MS : FILES_KEEP_MS),
    });
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: AUDIT_ACTION[settlement],
        target: { type: "model", id: row.modelId },
        changes: {
          verification_id: row.id,
          document_type: row.documentType,
          ...(settlement === "banned"
            ? { banned_identity: true, reason: IDENTITY_BANNED_MESSAGE }
            : { birth_date: input.birthDate }),
          ...(settlement === "underage" ? { frozen: true } : {}),
          ...(settlement === "approved" ? { is_verified: true, age } : {}),
        },
      },
    });
    const after = await isModelVisible({ db: tx, modelId: row.modelId });
    return recorded(tx, { modelId: row.modelId, verificationId: row.id, visibility: { before, after }, settlement });
  });
}

const AUDIT_ACTION: Record<Settlement, string> = {
  approved: "verification.approve",
  underage: "verification.underage",
  banned: "verification.reject",
};

/**
 * Settles her verification at the identity verifier (a row `started` by POST /api/models/verification/verifier)
 * with the verifier's answer: the birth date and the keyed hash of its issuer and her subject, nothing else
 * (settleVerification: the same rule as an admin's approval). Null when that verification is no longer waiting
 * (completed already: a replay) or she may no longer be verified this way (frozen, verified or under review
 * meanwhile): the row then ends `failed`. No audit row: no admin acted.
 */
export async function settleVerifierVerification(input: {
  db: Db;
  modelId: number;
  verificationId: number;
  birthDate: string;
  identityHash: string;
  now?: Date;
}): Promise<(Decision & { settlement: Settlement }) | null> {
  const now = input.now ?? new Date();
  return input.db.transaction(async (tx) => {
    const row = await lockStarted(tx, input.modelId, input.verificationId);
    if (!row) return null;
    if (!canSubmit((await readStanding(tx, row.modelId)).state)) {
      await endStarted(tx, row.id, "failed", now);
      return null;
    }
    const before = await isModelVisible({ db: tx, modelId: row.modelId });
    const { settlement } = await settleVerification(tx, row, {
      birthDate: input.birthDate,
      identityHash: input.identityHash,
      now,
      decision: () => ({ decidedAt: now, submittedAt: now, filesDeleteAfter: null }),
    });
    const after = await isModelVisible({ db: tx, modelId: row.modelId });
    return recorded(tx, { modelId: row.modelId, verificationId: row.id, visibility: { before, after }, settlement });
  });
}

/** Her verification at the verifier, still waiting, locked with her row; null when it is not (any more). */
async function lockStarted(tx: Tx, modelId: number, id: number): Promise<IdentityVerificationRow | null> {
  await lockModel(tx, modelId);
  const [row] = await tx
    .select()
    .from(identityVerifications)
    .where(
      and(
        eq(identityVerifications.id, id),
        eq(identityVerifications.modelId, modelId),
        eq(identityVerifications.status, VERIFIER_STARTED),
      ),
    )
    .for("update");
  return row ?? null;
}

async function endStarted(tx: Tx, id: number, status: "cancelled" | "failed", now: Date) {
  await tx.update(identityVerifications).set({ status, decidedAt: now }).where(eq(identityVerifications.id, id));
}

/**
 * Ends her verification at the verifier without an answer (she cancelled, or the verifier failed): `cancelled` or
 * `failed`. False when it was not waiting any more (a replay).
 */
export async function endVerifierVerification(input: {
  db: Db;
  modelId: number;
  verificationId: number;
  status: "cancelled" | "failed";
}): Promise<boolean> {
  return input.db.transaction(async (tx) => {
    const row = await lockStarted(tx, input.modelId, input.verificationId);
    if (row) await endStarted(tx, row.id, input.status, new Date());
    return !!row;
  });
}

/** The 400 of an approval refused because the birth date gives under 18 (the account is frozen by then). */
export const underageRefusal = () =>
  validationError([{ path: "birth_date", message: "Menor de 18 anos na data de hoje" }], UNDERAGE_MESSAGE);

/** The 409 of an approval refused because the identity belongs to a banned account (the verification is rejected). */
export const bannedIdentityRefusal = () => conflict(IDENTITY_BANNED_MESSAGE);

/**
 * Rejects a verification (she reads the reason; after a first rejection she may appeal once) or asks for new
 * photos (she reads what to fix and sends again). Her files are deleted within 24 hours. One audit row.
 */
export async function closeVerification(input: {
  db: Db;
  adminId: number;
  id: number;
  outcome: "rejected" | "resubmit";
  reason: string;
  now?: Date;
}): Promise<Decision> {
  const now = input.now ?? new Date();
  return input.db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id);
    await tx
      .update(identityVerifications)
      .set({ status: input.outcome, reason: input.reason, ...decided(input.adminId, now, FILES_KEEP_MS) })
      .where(eq(identityVerifications.id, row.id));
    await notifyVerificationDecided(tx, row.modelId, { approved: false, reason: input.reason });
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: input.outcome === "rejected" ? "verification.reject" : "verification.resubmit",
        target: { type: "model", id: row.modelId },
        changes: {
          verification_id: row.id,
          document_type: row.documentType,
          is_appeal: row.isAppeal,
          reason: input.reason,
        },
      },
    });
    const visible = await isModelVisible({ db: tx, modelId: row.modelId });
    return recorded(tx, {
      modelId: row.modelId,
      verificationId: row.id,
      visibility: { before: visible, after: visible },
    });
  });
}

/**
 * Unfreezes an account frozen by a verification under 18 (the admin found the birth date was mistyped, say): she
 * may send a new verification, and the files of the one that froze her are deleted within 24 hours. One audit row.
 */
export async function unfreezeModel(input: { db: Db; adminId: number; modelId: number; reason: string; now?: Date }) {
  const now = input.now ?? new Date();
  await input.db.transaction(async (tx) => {
    const model = await lockModelForAdmin(tx, input.modelId);
    if (!model.verificationFrozenAt) throw conflict("Esta conta não está congelada.");
    await tx.update(models).set({ verificationFrozenAt: null }).where(eq(models.id, input.modelId));
    await tx
      .update(identityVerifications)
      .set({
        filesDeleteAfter: sql`least(${identityVerifications.filesDeleteAfter}, ${new Date(now.getTime() + FILES_KEEP_MS).toISOString()}::timestamptz)`,
      })
      .where(
        and(
          eq(identityVerifications.modelId, input.modelId),
          eq(identityVerifications.status, "underage"),
          isNotNull(identityVerifications.filesDeleteAfter),
        ),
      );
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: "verification.unfreeze",
        target: { type: "model", id: input.modelId },
        changes: { frozen: { from: true, to: false }, reason: input.reason },
      },
    });
  });
}
