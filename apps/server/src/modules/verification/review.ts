import { AGE_MIN, UNDERAGE_MESSAGE } from "@vitrine/contracts";
import { and, eq, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { type IdentityVerificationRow, identityVerifications, models } from "../../db/schema";
import { conflict, notFound, validationError } from "../../lib/app-error";
import { ageOn, todayInSaoPaulo } from "../../lib/dates";
import { recordAudit } from "../audit/service";
import { lockModelForAdmin, type Tx } from "../models/lock-model";
import { isModelVisible, type VisibilityChange } from "../models/publish";
import { APPEAL_KEEP_MS, FILES_KEEP_MS } from "./retention";

export const VERIFICATION_NOT_FOUND = "Verificação não encontrada";

export type Decision = { modelId: number; verificationId: number; visibility: VisibilityChange };

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

/**
 * Approves a verification with the birth date read on the document: she is verified (is_verified), her age is
 * computed from that date (São Paulo today) and her files are deleted within 24 hours. A date giving under 18 is
 * not an approval: the verification ends as `underage`, the account is frozen (hidden, no new verification, the
 * admin switch refused) and listed to the admins, and the files are kept 30 days for them; the route then answers
 * 400. One audit row either way.
 */
export async function approveVerification(input: {
  db: Db;
  adminId: number;
  id: number;
  birthDate: string;
  now?: Date;
}): Promise<Decision & { underage: boolean }> {
  const now = input.now ?? new Date();
  const today = todayInSaoPaulo(now);
  if (input.birthDate > today) {
    throw validationError([{ path: "birth_date", message: "A data de nascimento não pode estar no futuro" }]);
  }
  const age = ageOn(input.birthDate, today);
  const underage = age < AGE_MIN;
  return input.db.transaction(async (tx) => {
    const row = await lockPending(tx, input.id);
    const before = await isModelVisible({ db: tx, modelId: row.modelId });
    await tx
      .update(identityVerifications)
      .set({
        status: underage ? "underage" : "approved",
        birthDate: input.birthDate,
        ...decided(input.adminId, now, underage ? APPEAL_KEEP_MS : FILES_KEEP_MS),
      })
      .where(eq(identityVerifications.id, row.id));
    await tx
      .update(models)
      .set(
        underage
          ? { isVerified: false, verificationFrozenAt: now }
          : { isVerified: true, verifiedBirthDate: input.birthDate, age, updatedAt: now },
      )
      .where(eq(models.id, row.modelId));
    await recordAudit({
      db: tx,
      adminId: input.adminId,
      entry: {
        action: underage ? "verification.underage" : "verification.approve",
        target: { type: "model", id: row.modelId },
        changes: {
          verification_id: row.id,
          document_type: row.documentType,
          birth_date: input.birthDate,
          ...(underage ? { frozen: true } : { is_verified: true, age }),
        },
      },
    });
    const after = await isModelVisible({ db: tx, modelId: row.modelId });
    return { modelId: row.modelId, verificationId: row.id, visibility: { before, after }, underage };
  });
}

/** The 400 of an approval refused because the birth date gives under 18 (the account is frozen by then). */
export const underageRefusal = () =>
  validationError([{ path: "birth_date", message: "Menor de 18 anos na data de hoje" }], UNDERAGE_MESSAGE);

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
    return { modelId: row.modelId, verificationId: row.id, visibility: { before: visible, after: visible } };
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
