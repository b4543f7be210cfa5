import { performance } from "node:perf_hooks";
import { and, asc, eq, gt, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { photos } from "../../db/schema";
import type { Storage } from "../../plugins/storage";
import { fingerprintPhoto, readFingerprintedVariant as readStored } from "./fingerprint";
import { completeBlockViews, completePendingBlock, listPendingBlocks } from "./fingerprint-store";

const BATCH = 100;
/** Blocks given their view rows per run (each is about a second of CPU on a loaded machine). */
const BLOCK_VIEWS_PER_RUN = 20;

export type BackfillResult = {
  fingerprinted: number;
  /** Photos whose stored file could not be read: left without a fingerprint. */
  unreadable: number;
  blocksCompleted: number;
  /** Blocks given their edit-proof view rows (fingerprint-robust.ts). */
  blockViewsRecorded: number;
  /** The last photo id looked at: the next run starts after it. */
  afterId: number;
  done: boolean;
};

/**
 * Fingerprints the photos stored before fingerprints existed (uploads are fingerprinted as they arrive), in id
 * order from `afterId`, from the same stored variant an upload is fingerprinted from, until none is left or
 * `budgetMs` has passed; then completes the blocks recorded for photos that had no fingerprint yet, and gives view
 * rows to blocks that have none (made before them, or without the storage at hand).
 */
export async function fingerprintStoredPhotos(input: {
  db: Db;
  storage: Storage;
  afterId: number;
  budgetMs: number;
}): Promise<BackfillResult> {
  const { db, storage } = input;
  const started = performance.now();
  const result: BackfillResult = {
    fingerprinted: 0,
    unreadable: 0,
    blocksCompleted: 0,
    blockViewsRecorded: 0,
    afterId: input.afterId,
    done: false,
  };
  while (performance.now() - started < input.budgetMs) {
    const batch = await db
      .select({ id: photos.id, filename: photos.filename })
      .from(photos)
      .where(and(isNull(photos.hasher), gt(photos.id, result.afterId)))
      .orderBy(asc(photos.id))
      .limit(BATCH);
    if (batch.length === 0) {
      result.done = true;
      break;
    }
    for (const photo of batch) {
      const stored = await readStored(storage, photo.filename);
      const fingerprint = stored ? await fingerprintPhoto(stored).catch(() => null) : null;
      if (fingerprint) {
        await db
          .update(photos)
          .set(fingerprint)
          .where(and(eq(photos.id, photo.id), isNull(photos.hasher)));
        result.fingerprinted++;
      } else {
        result.unreadable++;
      }
      result.afterId = photo.id;
    }
  }
  for (const block of await listPendingBlocks(db)) {
    const stored = block.pendingFilename ? await readStored(storage, block.pendingFilename) : null;
    const fingerprint = stored ? await fingerprintPhoto(stored).catch(() => null) : null;
    if (!fingerprint) continue;
    await completePendingBlock(db, block, fingerprint);
    result.blocksCompleted++;
  }
  result.blockViewsRecorded = await completeBlockViews(db, storage, BLOCK_VIEWS_PER_RUN);
  return result;
}
