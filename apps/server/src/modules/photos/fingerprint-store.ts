import { and, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blockedPhotoFingerprints, photos } from "../../db/schema";
import type { Tx } from "../models/lock-model";
import { bandsToSearch, MATCH_DISTANCE, type PhotoFingerprint } from "./fingerprint";

type FingerprintTable = typeof photos | typeof blockedPhotoFingerprints;

/** The bit shift of each band, as the band indexes of db/schema.ts compute them. */
const BAND_SHIFTS = [48, 32, 16, 0];

/**
 * Rows of `table` holding the same picture: the same SHA-256, or a hash of the same hasher at most
 * MATCH_DISTANCE bits away. The band conditions (one of them holds for every such hash) let PostgreSQL read the
 * few rows the band indexes point at; bit_count then keeps the close ones.
 */
function samePicture(table: FingerprintTable, fingerprint: PhotoFingerprint): SQL {
  const sameBytes = eq(table.sha256, fingerprint.sha256);
  if (fingerprint.perceptualHash === null) return sameBytes;
  const bands = bandsToSearch(fingerprint.perceptualHash);
  const hash = sql`${fingerprint.perceptualHash.toString()}::bigint`;
  const sharesBand = BAND_SHIFTS.map(
    (shift, i) =>
      sql`((${table.perceptualHash} >> ${sql.raw(String(shift))}) & 65535) = any(${`{${bands[i].join(",")}}`}::bigint[])`,
  );
  return or(
    sameBytes,
    and(
      eq(table.hasher, fingerprint.hasher),
      or(...sharesBand),
      sql`bit_count((${table.perceptualHash} # ${hash})::bit(64)) <= ${MATCH_DISTANCE}`,
    ),
  )!;
}

/** Whether moderation blocked this picture (or a near-identical one). */
export async function isBlockedPicture(db: Db | Tx, fingerprint: PhotoFingerprint): Promise<boolean> {
  const [row] = await db
    .select({ id: blockedPhotoFingerprints.id })
    .from(blockedPhotoFingerprints)
    .where(samePicture(blockedPhotoFingerprints, fingerprint))
    .limit(1);
  return row !== undefined;
}

/** The first few photos of other accounts holding the same picture. */
export function findCopiesOnOtherAccounts(
  db: Db | Tx,
  fingerprint: PhotoFingerprint,
  modelId: number,
): Promise<{ photoId: number; modelId: number }[]> {
  return db
    .select({ photoId: photos.id, modelId: photos.modelId })
    .from(photos)
    .where(and(ne(photos.modelId, modelId), samePicture(photos, fingerprint)))
    .orderBy(photos.id)
    .limit(3);
}

/**
 * Blocks the pictures of these photos (an admin removed or hid them, or banned their model): from now on an
 * upload of any of them, or of a near-identical copy, is refused. Runs in the caller's transaction, whose
 * moderation action writes the audit row. A photo blocked already stays as first blocked; one the backfill has
 * not fingerprinted yet is recorded by its file name and completed by the backfill job. Returns how many photos
 * were newly blocked.
 */
export async function blockPhotoFingerprints(
  tx: Tx | Db,
  input: { photoIds: number[]; reason: string; adminId: number },
): Promise<number> {
  if (input.photoIds.length === 0) return 0;
  const rows = await tx
    .select({
      id: photos.id,
      modelId: photos.modelId,
      filename: photos.filename,
      sha256: photos.sha256,
      perceptualHash: photos.perceptualHash,
      hasher: photos.hasher,
    })
    .from(photos)
    .where(inArray(photos.id, input.photoIds));
  if (rows.length === 0) return 0;
  const inserted = await tx
    .insert(blockedPhotoFingerprints)
    .values(
      rows.map((row) => ({
        sha256: row.sha256,
        perceptualHash: row.perceptualHash,
        hasher: row.hasher,
        pendingFilename: row.hasher === null ? row.filename : null,
        photoId: row.id,
        modelId: row.modelId,
        reason: input.reason,
        adminId: input.adminId,
      })),
    )
    .onConflictDoNothing({ target: blockedPhotoFingerprints.photoId })
    .returning({ id: blockedPhotoFingerprints.id });
  return inserted.length;
}

/** Blocked photos still waiting for their fingerprint, for the backfill job. */
export function listPendingBlocks(db: Db) {
  return db
    .select({ id: blockedPhotoFingerprints.id, filename: blockedPhotoFingerprints.pendingFilename })
    .from(blockedPhotoFingerprints)
    .where(isNotNull(blockedPhotoFingerprints.pendingFilename))
    .orderBy(blockedPhotoFingerprints.id)
    .limit(100);
}

export async function completePendingBlock(db: Db, id: number, fingerprint: PhotoFingerprint) {
  await db
    .update(blockedPhotoFingerprints)
    .set({ ...fingerprint, pendingFilename: null })
    .where(eq(blockedPhotoFingerprints.id, id));
}
