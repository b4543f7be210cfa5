import { cleanPlainText, PHOTO_BLOCKED_MESSAGE, PHOTOS_PER_MODEL_MAX } from "@vitrine/contracts";
import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, type PhotoRow, photos } from "../../db/schema";
import { badRequest, notFound } from "../../lib/app-error";
import { lockModel, type Tx } from "../models/lock-model";
import { failpoint } from "../../lib/failpoint";
import { processPhoto } from "../../lib/photo-processing";
import type { Storage } from "../../plugins/storage";
import { presentOwnerPhoto } from "./present";
import { queuePhotoFileDeletions, removeQueuedFiles } from "../models/stored-files";
import { assertPhotosNotFrozen, photoHiddenByModeration } from "../models/moderation-state";
import { openModerationCase, PRIORITY } from "../moderation/case-store";
import { FINGERPRINT_WIDTH, fingerprintPhoto } from "./fingerprint";
import { queryViewHashes } from "./fingerprint-robust";
import { findCopiesOnOtherAccounts, isBlockedPicture } from "./fingerprint-store";
import { recordModelChange } from "../models/publish";

export { type BackfillResult, fingerprintStoredPhotos } from "./fingerprint-backfill";

export const PHOTO_NOT_FOUND = "Foto não encontrada";
export const PHOTO_LIMIT_REACHED = `Limite de ${PHOTOS_PER_MODEL_MAX} fotos atingido. Exclua uma foto para enviar outra.`;
const ORIGINAL_NAME_MAX = 200;
/** What the moderation queue says of a picture that another account holds too. */
export const DUPLICATE_PHOTO_FLAG = "Foto usada por outra conta";

async function countPhotos(db: Db | Tx, modelId: number): Promise<number> {
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(photos)
    .where(eq(photos.modelId, modelId));
  return Number(row?.count ?? 0);
}

/** The account's session version, which the owner's signed photo URLs are bound to. */
export async function getSessionVersion({ db, modelId }: { db: Db; modelId: number }): Promise<number> {
  const [row] = await db.select({ sessionVersion: models.sessionVersion }).from(models).where(eq(models.id, modelId));
  if (!row) throw notFound("Modelo não encontrada");
  return row.sessionVersion;
}

/** Photos of one model: primary first, then newest first. */
export function listModelPhotos({ db, modelId }: { db: Db; modelId: number }): Promise<PhotoRow[]> {
  return db
    .select()
    .from(photos)
    .where(eq(photos.modelId, modelId))
    .orderBy(desc(photos.isPrimary), desc(photos.createdAt), desc(photos.id));
}

/** The owner's gallery as sent to her: every photo, private ones too, with signed URLs. */
export async function listOwnerPhotos(input: { db: Db; storage: Storage; secret: string; modelId: number }) {
  const [rows, sessionVersion] = await Promise.all([listModelPhotos(input), getSessionVersion(input)]);
  return rows.map((row) => presentOwnerPhoto(row, { ...input, sessionVersion }));
}

/** The client's file name, kept only as text: no path, no control characters, bounded. */
function cleanOriginalName(name: string | undefined): string {
  const base = (name ?? "").split(/[\\/]/).pop() ?? "";
  return cleanPlainText(base).replace(/\s+/g, " ").trim().slice(0, ORIGINAL_NAME_MAX);
}

/**
 * Decodes, cleans and stores an upload, then records it. The first photo is always primary; `isPrimary` moves
 * the flag (old one cleared first, in the same transaction, because of the one-primary unique index).
 * The files are staged before the row is committed and moved into place after (see plugins/storage.ts), so a
 * crash at any step leaves either a photo with its files or nothing once the sweep has run.
 * The photo's fingerprint is stored with it: a picture moderation removed (or a near-identical copy, or an edited
 * one: mirrored, rotated, cropped, framed, recoloured — fingerprint-robust.ts) is refused,
 * and one another account holds is accepted and flagged to the moderation queue.
 */
export async function uploadPhoto(input: {
  db: Db;
  storage: Storage;
  modelId: number;
  data: Buffer;
  originalName: string | undefined;
  isPrimary: boolean;
  isPublic: boolean;
}): Promise<PhotoRow> {
  const { db, storage, modelId } = input;
  // Checked before the expensive decode, and again under the lock below.
  if ((await countPhotos(db, modelId)) >= PHOTOS_PER_MODEL_MAX) throw badRequest(PHOTO_LIMIT_REACHED);

  const processed = await processPhoto(input.data);
  const fingerprinted = processed.variants.find((v) => v.width === FINGERPRINT_WIDTH)!.data;
  const [fingerprint, views] = await Promise.all([fingerprintPhoto(fingerprinted), queryViewHashes(fingerprinted)]);
  if (await isBlockedPicture(db, fingerprint, views)) throw badRequest(PHOTO_BLOCKED_MESSAGE);
  const keys = processed.variants.map((v) => v.key);
  await Promise.all(processed.variants.map((v) => storage.stage(v.key, v.data, "image/webp")));
  failpoint("photo-after-files");
  let row: PhotoRow;
  try {
    row = await db.transaction(async (tx) => {
      await lockModel(tx, modelId);
      const count = await countPhotos(tx, modelId);
      if (count >= PHOTOS_PER_MODEL_MAX) throw badRequest(PHOTO_LIMIT_REACHED);
      const makePrimary = count === 0 || input.isPrimary;
      if (makePrimary) {
        await tx
          .update(photos)
          .set({ isPrimary: false })
          .where(and(eq(photos.modelId, modelId), eq(photos.isPrimary, true)));
      }
      const [row] = await tx
        .insert(photos)
        .values({
          modelId,
          filename: processed.filename,
          originalName: cleanOriginalName(input.originalName),
          width: processed.width,
          height: processed.height,
          isPrimary: makePrimary,
          isPublic: input.isPublic,
          ...fingerprint,
        })
        .returning();
      const copies = await findCopiesOnOtherAccounts(tx, fingerprint, modelId);
      if (copies.length > 0) {
        const where = copies.map((copy) => `modelo #${copy.modelId}, foto #${copy.photoId}`).join("; ");
        await openModerationCase(tx, {
          modelId,
          photoId: row.id,
          kind: "duplicate_photo",
          priority: PRIORITY.high,
          detail: `${DUPLICATE_PHOTO_FLAG}: ${where}`,
        });
      }
      await recordModelChange(tx, modelId);
      return row;
    });
  } catch (err) {
    await Promise.all(keys.map((key) => storage.delete(key))).catch(() => {});
    throw err;
  }
  failpoint("photo-after-commit");
  await Promise.all(keys.map((key) => storage.commit(key)));
  return row;
}

export async function setPrimaryPhoto({ db, modelId, photoId }: { db: Db; modelId: number; photoId: number }) {
  return db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    const [photo] = await tx
      .select()
      .from(photos)
      .where(and(eq(photos.id, photoId), eq(photos.modelId, modelId)));
    if (!photo) throw notFound(PHOTO_NOT_FOUND);
    if (photo.isPrimary) return photo;
    await tx
      .update(photos)
      .set({ isPrimary: false })
      .where(and(eq(photos.modelId, modelId), eq(photos.isPrimary, true)));
    const [updated] = await tx.update(photos).set({ isPrimary: true }).where(eq(photos.id, photoId)).returning();
    await recordModelChange(tx, modelId);
    return updated;
  });
}

/** Makes a photo public or private; one hidden by moderation stays private. */
export async function setPhotoVisibility(input: { db: Db; modelId: number; photoId: number; isPublic: boolean }) {
  const [updated] = await input.db
    .update(photos)
    .set({ isPublic: input.isPublic })
    .where(
      and(
        eq(photos.id, input.photoId),
        eq(photos.modelId, input.modelId),
        input.isPublic ? isNull(photos.moderationHiddenAt) : undefined,
      ),
    )
    .returning();
  if (!updated) {
    const [hidden] = await input.db
      .select({ id: photos.id })
      .from(photos)
      .where(and(eq(photos.id, input.photoId), eq(photos.modelId, input.modelId)));
    throw hidden ? photoHiddenByModeration() : notFound(PHOTO_NOT_FOUND);
  }
  return updated;
}

/**
 * Deletes the row and queues its files in one transaction, then removes the files. Deleting the primary promotes
 * the newest remaining photo, preferring a public one so that the public card keeps a picture. Refused while her
 * photos are frozen as evidence of an urgent report.
 */
export async function deletePhoto(input: { db: Db; storage: Storage; modelId: number; photoId: number }) {
  const { db, modelId } = input;
  const deleted = await db.transaction(async (tx) => {
    await lockModel(tx, modelId);
    await assertPhotosNotFrozen(tx, modelId);
    const [row] = await tx
      .delete(photos)
      .where(and(eq(photos.id, input.photoId), eq(photos.modelId, modelId)))
      .returning();
    if (!row) throw notFound(PHOTO_NOT_FOUND);
    if (row.isPrimary) {
      const [next] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(eq(photos.modelId, modelId))
        .orderBy(desc(photos.isPublic), desc(photos.createdAt), desc(photos.id))
        .limit(1);
      if (next) await tx.update(photos).set({ isPrimary: true }).where(eq(photos.id, next.id));
    }
    const queued = await queuePhotoFileDeletions(tx, [row.filename]);
    await recordModelChange(tx, modelId);
    return { row, queued };
  });
  failpoint("photo-delete-after-commit");
  await removeQueuedFiles({ db, storage: input.storage, queued: deleted.queued });
  return deleted.row;
}
