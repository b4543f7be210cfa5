import type { AppealDecisionBodySchema, ModerationDecisionBodySchema } from "@vitrine/contracts";
import { and, eq, inArray, isNull, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import { bannedEmails, moderationCases, type ModerationCaseRow, models, photos } from "../../db/schema";
import { badRequest, conflict, notFound } from "../../lib/app-error";
import { auditAdminChange } from "../audit/service";
import { kickMail, notifyModerationDecided, notifyRestored } from "../mail/service";
import type { Tx } from "../models/lock-model";
import { isModelVisible, recordModelChange } from "../models/publish";
import { queuePhotoFileDeletions, removeQueuedFiles, type QueuedDeletion } from "../models/stored-files";
import { MODERATION_CLEAR } from "../models/visibility";
import { blockPhotoFingerprints, unblockPhotoFingerprints } from "../photos/fingerprint-store";
import { banModelIdentities, liftModelIdentityBan } from "../verification/service";
import { emailHash } from "./email-hash";
import { commitEvidence, holdAsEvidence } from "./evidence";
import { releaseHolds } from "./holds";

type DecisionInput = z.output<typeof ModerationDecisionBodySchema>;
type AppealDecisionInput = z.output<typeof AppealDecisionBodySchema>;

export const CASE_NOT_FOUND = "Denúncia não encontrada";
export const CASE_ALREADY_DECIDED = "Esta denúncia já foi decidida.";
const NO_MODEL = "A conta denunciada não existe mais: só é possível arquivar.";

/** The model status each profile action sets (archive and hide_photo leave it as the holds leave it). */
const STATUS_OF = { hide_profile: "hidden", suspend: "suspended", ban: "banned" } as const;

async function lockCase(tx: Tx, caseId: number): Promise<ModerationCaseRow> {
  const [row] = await tx.select().from(moderationCases).where(eq(moderationCases.id, caseId)).for("update");
  if (!row) throw notFound(CASE_NOT_FOUND);
  return row;
}

/** Her live (not deleted) row, locked, or null. */
async function lockLiveModel(tx: Tx, modelId: number | null) {
  if (modelId === null) return null;
  const [row] = await tx
    .select()
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)))
    .for("update");
  return row ?? null;
}

/**
 * Decides an open case, in one transaction with its audit row:
 * - archive: no violation; an automatic hold of this case ends (and a photo it hid is public again); with
 *   false_reports ("Restaurar (denúncias falsas)") she is e-mailed that she is back when the case had hidden her,
 *   and the networks that reported in the case weigh nothing for a while (modules/moderation/weight.ts);
 * - hide_photo: the photo (default the reported one) turns private and she cannot publish it again; its picture
 *   is blocked from being uploaded again;
 * - hide_profile, suspend, ban: the profile is hidden (suspended: her own changes are refused too; banned: every
 *   session ends, she cannot sign in, her e-mail cannot register again, all her photos' pictures are blocked and
 *   the identities she was verified with cannot be verified again).
 * With legal_hold, the photos concerned (the one, or all hers for a profile action) are removed as exploitation:
 * kept encrypted as evidence (modules/moderation/evidence.ts), then deleted. The live stream and caches follow.
 */
export async function decideCase(
  app: FastifyInstance,
  input: { caseId: number; adminId: number; body: DecisionInput },
): Promise<void> {
  const { body, adminId } = input;
  let staged: string[] = [];
  let queued: QueuedDeletion[] = [];
  await app.db.transaction(async (tx) => {
    const kase = await lockCase(tx, input.caseId);
    if (kase.status !== "open") throw conflict(CASE_ALREADY_DECIDED);
    const model = await lockLiveModel(tx, kase.modelId);
    if (!model && body.action !== "archive") throw conflict(NO_MODEL);
    if (body.action === "archive" && body.legal_hold) {
      throw badRequest("Arquivar não remove conteúdo: escolha outra ação para a retenção legal.");
    }
    if (body.false_reports && body.action !== "archive") {
      throw badRequest("Só é possível marcar denúncias como falsas ao arquivar o caso.");
    }
    const before = model ? await isModelVisible({ db: tx, modelId: model.id }) : false;
    let photoId: number | null = null;
    let removedPhotos = 0;

    if (model) await releaseHolds(tx, model.id, kase.id);
    if (model && body.action === "archive") await restoreAutoHiddenPhoto(tx, kase);
    if (model && body.action === "hide_photo") {
      photoId = body.photo_id ?? kase.photoId;
      if (photoId === null) throw badRequest("Escolha a foto a ocultar.");
      const [photo] = await tx
        .update(photos)
        .set({ isPublic: false, moderationHiddenAt: sql`coalesce(${photos.moderationHiddenAt}, now())` })
        .where(and(eq(photos.id, photoId), eq(photos.modelId, model.id)))
        .returning({ id: photos.id });
      if (!photo) throw notFound("Foto não encontrada");
      // Its edit-proof views are computed now, from its stored file (decision 058).
      await blockPhotoFingerprints(tx, {
        photoIds: [photoId],
        reason: body.reason,
        adminId,
        caseId: kase.id,
        storage: app.storage,
      });
    }
    if (model && (body.action === "hide_profile" || body.action === "suspend" || body.action === "ban")) {
      await tx
        .update(models)
        .set({
          moderationStatus: STATUS_OF[body.action],
          updatedAt: new Date(),
          ...(body.action === "ban" ? { sessionVersion: sql`${models.sessionVersion} + 1` } : {}),
        })
        .where(eq(models.id, model.id));
    }
    if (model && body.action === "ban") {
      const all = await tx.select({ id: photos.id }).from(photos).where(eq(photos.modelId, model.id));
      // Up to 30 photos: their views are left to the photo-fingerprints job (within a minute; the files stay).
      await blockPhotoFingerprints(tx, {
        photoIds: all.map((p) => p.id),
        reason: body.reason,
        adminId,
        caseId: kase.id,
      });
      await tx
        .insert(bannedEmails)
        .values({ emailHash: emailHash(model.email), modelId: model.id })
        .onConflictDoNothing();
      await banModelIdentities(tx, model.id);
    }
    if (model && body.legal_hold) {
      const held = await tx
        .select()
        .from(photos)
        .where(
          and(eq(photos.modelId, model.id), body.action === "hide_photo" ? eq(photos.id, photoId ?? -1) : undefined),
        );
      // The files go with the photos: the views are computed now or never (decision 058).
      await blockPhotoFingerprints(tx, {
        photoIds: held.map((p) => p.id),
        reason: body.reason,
        adminId,
        caseId: kase.id,
        storage: app.storage,
      });
      staged = await holdAsEvidence(tx, { app, caseId: kase.id, modelId: model.id, photos: held, adminId });
      if (held.length > 0) {
        await tx.delete(photos).where(
          inArray(
            photos.id,
            held.map((p) => p.id),
          ),
        );
        queued = await queuePhotoFileDeletions(
          tx,
          held.map((p) => p.filename),
        );
      }
      removedPhotos = held.length;
    }
    await tx
      .update(moderationCases)
      .set({
        status: "closed",
        decision: body.action,
        decisionReason: body.reason,
        decidedBy: adminId,
        decidedAt: new Date(),
        legalHold: body.legal_hold,
        reportsFalse: body.false_reports,
        ...(photoId !== null && kase.photoId === null ? { photoId } : {}),
      })
      .where(eq(moderationCases.id, kase.id));
    // She reads a decision against her by e-mail too; an archived report (no violation) is not news to her, and
    // content held as evidence of exploitation is not announced to whoever posted it.
    if (model && body.action !== "archive" && !body.legal_hold) {
      await notifyModerationDecided(tx, model.id, body.action, body.reason);
    }
    // Restored after false reports: she was hidden before review, so she hears that she is back.
    if (model && body.false_reports && kase.autoHidden) await notifyRestored(tx, model.id);
    await auditAdminChange(tx, adminId, "moderation.decide", ["moderation_case", kase.id], {
      decision: body.action,
      reason: body.reason,
      model_id: kase.modelId,
      photo_id: photoId ?? kase.photoId,
      ...(body.legal_hold ? { legal_hold: true, photos_removed: removedPhotos } : {}),
      ...(body.false_reports ? { false_reports: true, was_hidden_before_review: kase.autoHidden } : {}),
    });
    const after = model ? await isModelVisible({ db: tx, modelId: model.id }) : false;
    await recordModelChange(tx, model?.id ?? null, { before, after });
  });
  await commitEvidence(app.evidenceStorage, staged);
  await removeQueuedFiles({ db: app.db, storage: app.storage, queued });
  await app.events.deliver();
  kickMail(app);
}

/**
 * Archiving a case whose visitors' reports hid a photo makes it public again, unless an admin's own decision hid it.
 */
async function restoreAutoHiddenPhoto(tx: Tx, kase: ModerationCaseRow) {
  if (!kase.autoHidden || kase.photoId === null || kase.priority === 2) return;
  const [decided] = await tx
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.photoId, kase.photoId),
        eq(moderationCases.decision, "hide_photo"),
        ne(moderationCases.id, kase.id),
      ),
    );
  if (decided) return;
  await tx.update(photos).set({ isPublic: true, moderationHiddenAt: null }).where(eq(photos.id, kase.photoId));
}

export const APPEAL_CLOSED = "Esta decisão não aceita recurso.";

/** Her one appeal, in writing, of a decision about her (not an archive); the case goes back to the admins. */
export async function appealCase(app: FastifyInstance, input: { caseId: number; modelId: number; text: string }) {
  await app.db.transaction(async (tx) => {
    const kase = await lockCase(tx, input.caseId);
    if (kase.modelId !== input.modelId) throw notFound(CASE_NOT_FOUND);
    if (kase.status !== "closed" || !kase.decision || kase.decision === "archive" || kase.appealedAt) {
      throw conflict(APPEAL_CLOSED);
    }
    await tx
      .update(moderationCases)
      .set({ status: "appealed", appealText: input.text, appealedAt: new Date() })
      .where(eq(moderationCases.id, kase.id));
  });
}

/**
 * An admin decides an appeal: upheld keeps the decision; reversed undoes it (the photo may be published again, the
 * profile is shown again, a ban is lifted and her e-mail may register again, her identity be verified again, and
 * the pictures this decision blocked may be uploaded again unless another decision blocked them too). Content
 * removed under legal hold is not restored and stays blocked: it stays with the evidence until its hold ends.
 */
export async function decideAppeal(
  app: FastifyInstance,
  input: { caseId: number; adminId: number; body: AppealDecisionInput },
): Promise<void> {
  const { body, adminId } = input;
  await app.db.transaction(async (tx) => {
    const kase = await lockCase(tx, input.caseId);
    if (kase.status !== "appealed") throw conflict("Não há recurso a decidir nesta denúncia.");
    const model = await lockLiveModel(tx, kase.modelId);
    const before = model ? await isModelVisible({ db: tx, modelId: model.id }) : false;
    if (model && body.outcome === "reversed") {
      if (kase.decision === "hide_photo" && kase.photoId !== null) {
        await tx
          .update(photos)
          .set({ moderationHiddenAt: null })
          .where(and(eq(photos.id, kase.photoId), eq(photos.modelId, model.id)));
      }
      if (kase.decision === "hide_profile" || kase.decision === "suspend" || kase.decision === "ban") {
        await tx
          .update(models)
          .set({ moderationStatus: MODERATION_CLEAR, updatedAt: new Date() })
          .where(eq(models.id, model.id));
      }
      if (kase.decision === "ban") {
        await tx.delete(bannedEmails).where(eq(bannedEmails.modelId, model.id));
        await liftModelIdentityBan(tx, model.id);
      }
    }
    if (body.outcome === "reversed" && !kase.legalHold) await unblockPhotoFingerprints(tx, { caseId: kase.id });
    await tx
      .update(moderationCases)
      .set({
        status: "closed",
        appealOutcome: body.outcome,
        appealReason: body.reason,
        appealDecidedBy: adminId,
        appealDecidedAt: new Date(),
      })
      .where(eq(moderationCases.id, kase.id));
    await auditAdminChange(tx, adminId, "moderation.appeal", ["moderation_case", kase.id], {
      outcome: body.outcome,
      reason: body.reason,
      decision: kase.decision,
      model_id: kase.modelId,
    });
    const after = model ? await isModelVisible({ db: tx, modelId: model.id }) : false;
    await recordModelChange(tx, model?.id ?? null, { before, after });
  });
  await app.events.deliver();
}
