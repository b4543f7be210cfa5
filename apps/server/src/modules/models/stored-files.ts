import { PHOTO_WIDTHS } from "@vitrine/contracts";
import { inArray, or } from "drizzle-orm";
import type { Db } from "../../db/client";
import { identityVerifications, pendingFileDeletions, photos } from "../../db/schema";
import { photoKey } from "../../lib/photo-processing";
import type { Storage } from "../../plugins/storage";
import type { Tx } from "./lock-model";

/** A file queued for removal: the row in pending_file_deletions and the storage key it names. */
export type QueuedDeletion = { id: number; fileKey: string };

/** A staged file younger than this may belong to an upload still in progress: the periodic sweep leaves it. */
export const STAGED_GRACE_MS = 10 * 60_000;

const STAGED_PHOTO = /^photos\/([a-f0-9]{32})-\d+\.webp$/;
/** An identity-verification file (modules/verification/files.ts), owned by the review row that names its key. */
const STAGED_VERIFICATION = /^verification\/[a-f0-9]{32}\.bin$/;

export const photoFileKeys = (filename: string) => PHOTO_WIDTHS.map((width) => photoKey(filename, width));

/**
 * Records, inside the transaction that deletes the photo rows, that their files must go. Once the transaction
 * commits, `removeQueuedFiles` unlinks them; if the process dies first, the rows stay and the sweep does it.
 */
export async function queuePhotoFileDeletions(tx: Tx | Db, filenames: string[]): Promise<QueuedDeletion[]> {
  const keys = filenames.flatMap(photoFileKeys);
  if (keys.length === 0) return [];
  return tx
    .insert(pendingFileDeletions)
    .values(keys.map((fileKey) => ({ fileKey })))
    .returning({ id: pendingFileDeletions.id, fileKey: pendingFileDeletions.fileKey });
}

/**
 * Unlinks queued files, then forgets their queue rows. A file that cannot be removed now keeps its row for the
 * next sweep; the caller's request has already succeeded, so nothing is thrown.
 */
export async function removeQueuedFiles({
  db,
  storage,
  queued,
}: {
  db: Db;
  storage: Storage;
  queued: QueuedDeletion[];
}): Promise<number> {
  const removed = await Promise.all(
    queued.map(async ({ id, fileKey }) => {
      try {
        await storage.delete(fileKey);
        return id;
      } catch {
        return null;
      }
    }),
  );
  const ids = removed.filter((id) => id !== null);
  for (let i = 0; i < ids.length; i += 1000) {
    await db.delete(pendingFileDeletions).where(inArray(pendingFileDeletions.id, ids.slice(i, i + 1000)));
  }
  return ids.length;
}

/** The staged verification files whose review row committed (it names them as its document or selfie). */
async function ownedVerificationKeys(db: Db, keys: string[]): Promise<Set<string>> {
  const owned = new Set<string>();
  for (let i = 0; i < keys.length; i += 500) {
    const chunk = keys.slice(i, i + 500);
    const rows = await db
      .select({ document: identityVerifications.documentFileKey, selfie: identityVerifications.selfieFileKey })
      .from(identityVerifications)
      .where(
        or(inArray(identityVerifications.documentFileKey, chunk), inArray(identityVerifications.selfieFileKey, chunk)),
      );
    for (const row of rows) for (const key of [row.document, row.selfie]) if (key) owned.add(key);
  }
  return owned;
}

/**
 * Finishes what a crash interrupted: removes the files of every queued deletion, moves staged files whose row
 * committed (a photo's, or a verification's document and selfie) into place, and removes staged files nobody owns
 * once they are older than `stagedGraceMs` (0 at start-up, when no upload can be in progress). Safe to run while
 * the server handles requests.
 */
export async function sweepStorage({
  db,
  storage,
  stagedGraceMs = STAGED_GRACE_MS,
  now = new Date(),
}: {
  db: Db;
  storage: Storage;
  stagedGraceMs?: number;
  now?: Date;
}): Promise<{ deleted: number; committed: number; discarded: number }> {
  let deleted = 0;
  for (;;) {
    const queued = await db.select().from(pendingFileDeletions).orderBy(pendingFileDeletions.id).limit(500);
    if (queued.length === 0) break;
    const done = await removeQueuedFiles({ db, storage, queued });
    deleted += done;
    if (done < queued.length) break; // the rest fails now; the next sweep retries
  }

  const staged = await storage.listStaged();
  const filenames = [...new Set(staged.map((s) => STAGED_PHOTO.exec(s.key)?.[1]).filter((f) => f !== undefined))];
  const owned = new Set<string>();
  for (let i = 0; i < filenames.length; i += 500) {
    const rows = await db
      .select({ filename: photos.filename })
      .from(photos)
      .where(inArray(photos.filename, filenames.slice(i, i + 500)));
    for (const row of rows) owned.add(row.filename);
  }
  const ownedVerification = await ownedVerificationKeys(
    db,
    staged.map((s) => s.key).filter((key) => STAGED_VERIFICATION.test(key)),
  );
  let committed = 0;
  let discarded = 0;
  for (const { key, stagedAt } of staged) {
    const filename = STAGED_PHOTO.exec(key)?.[1];
    if ((filename && owned.has(filename)) || ownedVerification.has(key)) {
      await storage.commit(key);
      committed += 1;
    } else if (now.getTime() - stagedAt.getTime() >= stagedGraceMs) {
      await storage.delete(key);
      discarded += 1;
    }
  }
  return { deleted, committed, discarded };
}
