import { and, eq, inArray, isNotNull, ne, or, type SQL, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { blockedPhotoFingerprints, photos } from "../../db/schema";
import type { Tx } from "../models/lock-model";
import { bandsToSearch, MATCH_DISTANCE, type PhotoFingerprint } from "./fingerprint";

type FingerprintTable = typeof photos | typeof blockedPhotoFingerprints;

/** The bit shift of each band, as the band indexes of db/schema.ts compute them. */
const BAND_SHIFTS = [48, 32, 16, 0];

/** Whether a stored 64-bit hash is at most MATCH_DISTANCE bits from the picture's: the one matching rule. */
const closeTo = (stored: SQL | FingerprintTable["perceptualHash"], hash: SQL) =>
  sql`bit_count((${stored} # ${hash})::bit(64)) <= ${MATCH_DISTANCE}`;

/**
 * Rows of `table` holding the same picture: the same SHA-256, or a hash of the same hasher at most
 * MATCH_DISTANCE bits away — the whole picture's hash, or one of its crops' (blocked_photo_fingerprints keeps a
 * row per crop; photos keep them in crop_hashes), so a cropped copy matches the photo it was cut from. The band
 * conditions (one of them holds for every such hash) let PostgreSQL read the few rows the band indexes point at
 * (the crops' bands through the GIN index photos_crop_bands_idx); closeTo then keeps the close ones.
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
  const whole = and(or(...sharesBand), closeTo(table.perceptualHash, hash));
  return or(
    sameBytes,
    and(eq(table.hasher, fingerprint.hasher), table === photos ? or(whole, sameCrop(bands, hash)) : whole),
  )!;
}

/** A photo one of whose crop hashes is close: its tagged crop bands share one with the picture's (GIN index). */
function sameCrop(bands: number[][], hash: SQL): SQL {
  const tagged = bands.flatMap((values, band) => values.map((value) => (band << 16) | value));
  return sql`(photo_crop_bands(${photos.cropHashes}) && ${`{${tagged.join(",")}}`}::int[]
    and exists (select 1 from unnest(${photos.cropHashes}) as crop(hash) where ${closeTo(sql`crop.hash`, hash)}))`;
}

/*
 * The lookups below carry no LIMIT: with one, PostgreSQL expects the few hundred band matches to turn up early
 * in a walk of the whole table and reads it row by row; without, it reads just the band indexes' matches
 * (a BitmapOr), and the close matches are few.
 */

/** Whether moderation blocked this picture (or a near-identical one). */
export async function isBlockedPicture(db: Db | Tx, fingerprint: PhotoFingerprint): Promise<boolean> {
  const rows = await db
    .select({ id: blockedPhotoFingerprints.id })
    .from(blockedPhotoFingerprints)
    .where(samePicture(blockedPhotoFingerprints, fingerprint));
  return rows.length > 0;
}

/** How many of the other accounts' photos holding the picture a flag names. */
const COPIES_NAMED = 3;

/** The query of the other accounts' photos holding the same picture. */
export function copiesOnOtherAccounts(db: Db | Tx, fingerprint: PhotoFingerprint, modelId: number) {
  return db
    .select({ photoId: photos.id, modelId: photos.modelId })
    .from(photos)
    .where(and(ne(photos.modelId, modelId), samePicture(photos, fingerprint)));
}

/** The first few photos (oldest first) of other accounts holding the same picture. */
export async function findCopiesOnOtherAccounts(db: Db | Tx, fingerprint: PhotoFingerprint, modelId: number) {
  const copies = await copiesOnOtherAccounts(db, fingerprint, modelId);
  return copies.sort((a, b) => a.photoId - b.photoId).slice(0, COPIES_NAMED);
}

/**
 * Blocks the pictures of these photos (an admin removed or hid them, or banned their model): from now on an
 * upload of any of them, or of a near-identical copy, is refused. Runs in the caller's transaction, whose
 * moderation action writes the audit row. One row per hash: the whole picture's (with its SHA-256) and each of
 * its crops'. The rows name the deciding case, so each decision's block is its own (a photo blocked by two
 * decisions has two sets of rows) and a reversal lifts only its own (`unblockPhotoFingerprints`). A photo the
 * backfill has not fingerprinted yet is recorded by its file name and completed by the backfill job. Returns how
 * many photos were newly blocked by this case.
 */
export async function blockPhotoFingerprints(
  tx: Tx | Db,
  input: { photoIds: number[]; reason: string; adminId: number; caseId: number },
): Promise<number> {
  if (input.photoIds.length === 0) return 0;
  const rows = await tx
    .select({
      photoId: photos.id,
      modelId: photos.modelId,
      filename: photos.filename,
      sha256: photos.sha256,
      perceptualHash: photos.perceptualHash,
      hasher: photos.hasher,
      cropHashes: photos.cropHashes,
    })
    .from(photos)
    .where(inArray(photos.id, input.photoIds));
  const by = { reason: input.reason, adminId: input.adminId, caseId: input.caseId };
  const values = rows.flatMap(({ filename, cropHashes, ...row }) => {
    const block = { ...row, pendingFilename: row.hasher === null ? filename : null };
    return blockRows(block, cropHashes ?? [], by);
  });
  if (values.length === 0) return 0;
  const inserted = await tx
    .insert(blockedPhotoFingerprints)
    .values(values)
    .onConflictDoNothing({
      target: [blockedPhotoFingerprints.photoId, blockedPhotoFingerprints.variant, blockedPhotoFingerprints.caseId],
    })
    .returning({ variant: blockedPhotoFingerprints.variant });
  return inserted.filter((row) => row.variant === 0).length;
}

/**
 * Lifts the block a moderation case's decision made (its appeal reversed it): its own rows only, so a picture
 * another decision blocked stays blocked. The caller keeps the block of content removed under legal hold.
 */
export async function unblockPhotoFingerprints(tx: Tx | Db, input: { caseId: number }): Promise<void> {
  await tx.delete(blockedPhotoFingerprints).where(eq(blockedPhotoFingerprints.caseId, input.caseId));
}

type BlockedInsert = typeof blockedPhotoFingerprints.$inferInsert;
type BlockedBy = { reason: string; adminId: number | null; caseId: number | null };

/** The whole picture's row (variant 0) and one row per crop hash (variants 1, 2, …). */
function blockRows(
  whole: Omit<BlockedInsert, "variant" | keyof BlockedBy>,
  cropHashes: bigint[],
  by: BlockedBy,
): BlockedInsert[] {
  const common = { photoId: whole.photoId, modelId: whole.modelId, hasher: whole.hasher, ...by };
  return [
    { ...whole, ...by, variant: 0 },
    ...cropHashes.map((perceptualHash, i) => ({ ...common, perceptualHash, variant: i + 1 })),
  ];
}

/** Blocked photos still waiting for their fingerprint, for the backfill job. */
export function listPendingBlocks(db: Db) {
  return db
    .select()
    .from(blockedPhotoFingerprints)
    .where(isNotNull(blockedPhotoFingerprints.pendingFilename))
    .orderBy(blockedPhotoFingerprints.id)
    .limit(100);
}

/** Completes a pending block with the fingerprint computed from its stored file. */
export async function completePendingBlock(
  db: Db,
  block: typeof blockedPhotoFingerprints.$inferSelect,
  { cropHashes, ...fingerprint }: PhotoFingerprint,
) {
  await db.transaction(async (tx) => {
    await tx
      .update(blockedPhotoFingerprints)
      .set({ ...fingerprint, pendingFilename: null })
      .where(eq(blockedPhotoFingerprints.id, block.id));
    const by = { reason: block.reason, adminId: block.adminId, caseId: block.caseId };
    const crops = blockRows({ ...block, ...fingerprint }, cropHashes, by).slice(1);
    if (crops.length > 0) await tx.insert(blockedPhotoFingerprints).values(crops).onConflictDoNothing();
  });
}
