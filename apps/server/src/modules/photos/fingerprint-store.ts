import { and, asc, eq, gte, inArray, isNotNull, ne, notExists, or, type SQL, type SQLWrapper, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { blockedPhotoFingerprints, photos } from "../../db/schema";
import type { Storage } from "../../plugins/storage";
import type { Tx } from "../models/lock-model";
import { bandNeighbours, bandsToSearch, hashBands, MATCH_DISTANCE, type PhotoFingerprint } from "./fingerprint";
import { blockViewHashes, ROBUST_HASHER, ROBUST_MATCH_DISTANCE, type ViewHash } from "./fingerprint-robust";
import { readFingerprintedVariant } from "./fingerprint";

type FingerprintTable = typeof photos | typeof blockedPhotoFingerprints;

/** The bit shift of each band, as the band indexes of db/schema/photos.ts compute them. */
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

/**
 * Whether moderation blocked this picture (or a near-identical one), or an edited copy of it: one of the upload's
 * views (`views`, fingerprint-robust.ts) close to one a block stored.
 */
export async function isBlockedPicture(
  db: Db | Tx,
  fingerprint: PhotoFingerprint,
  views: ViewHash[],
): Promise<boolean> {
  const rows = await db
    .select({ id: blockedPhotoFingerprints.id })
    .from(blockedPhotoFingerprints)
    .where(or(samePicture(blockedPhotoFingerprints, fingerprint), sameView(views)));
  return rows.length > 0;
}

/** The first variant of a block's view rows (fingerprint-robust.ts); rows 0–9 are the whole picture and crops. */
export const VIEW_VARIANT = 100;

/**
 * A view row within ROBUST_MATCH_DISTANCE (summed over both halves) of one of the upload's views. Summed bits
 * within D put, by pigeonhole, one of the eight 16-bit bands (four per half) within floor(D / 8) bits: the band
 * conditions let PostgreSQL read only the rows the band indexes point at, then the exact distance decides.
 */
function sameView(views: ViewHash[]): SQL | undefined {
  if (views.length === 0) return undefined;
  const radius = Math.floor(ROBUST_MATCH_DISTANCE / 8);
  const bandValues = (half: "dct" | "sim") =>
    BAND_SHIFTS.map((_, band) => [
      ...new Set(views.flatMap((view) => bandNeighbours(hashBands(view[half])[band], radius))),
    ]);
  const sharesBand = (column: SQLWrapper, values: number[][]) =>
    BAND_SHIFTS.map(
      (shift, i) =>
        sql`((${column} >> ${sql.raw(String(shift))}) & 65535) = any(${`{${values[i].join(",")}}`}::bigint[])`,
    );
  const close = views.map(
    (view) =>
      sql`bit_count((${blockedPhotoFingerprints.perceptualHash} # ${view.dct.toString()}::bigint)::bit(64))
        + bit_count((${blockedPhotoFingerprints.detailHash} # ${view.sim.toString()}::bigint)::bit(64))
        <= ${ROBUST_MATCH_DISTANCE}`,
  );
  return and(
    eq(blockedPhotoFingerprints.hasher, ROBUST_HASHER),
    or(
      ...sharesBand(blockedPhotoFingerprints.perceptualHash, bandValues("dct")),
      ...sharesBand(blockedPhotoFingerprints.detailHash, bandValues("sim")),
    ),
    or(...close),
  );
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
 * backfill has not fingerprinted yet is recorded by its file name and completed by the backfill job. With the
 * `storage`, each photo's edit-proof view rows (fingerprint-robust.ts) are computed from its stored file at once
 * (about 0.1 s of CPU a photo; once per photo and case); without, the photo-fingerprints job adds them. Returns how
 * many photos were newly blocked by this case.
 */
export async function blockPhotoFingerprints(
  tx: Tx | Db,
  input: { photoIds: number[]; reason: string; adminId: number; caseId: number; storage?: Storage },
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
  if (input.storage) {
    const viewed = await tx
      .selectDistinct({ photoId: blockedPhotoFingerprints.photoId })
      .from(blockedPhotoFingerprints)
      .where(
        and(
          eq(blockedPhotoFingerprints.caseId, input.caseId),
          inArray(blockedPhotoFingerprints.photoId, input.photoIds),
          gte(blockedPhotoFingerprints.variant, VIEW_VARIANT),
        ),
      );
    const done = new Set(viewed.map((row) => row.photoId));
    for (const { photoId, modelId, filename } of rows.filter((row) => !done.has(row.photoId))) {
      const views = await viewsOfStoredFile(input.storage, filename);
      if (views) await recordBlockViews(tx, { photoId, modelId, ...by }, views);
    }
  }
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

type BlockOf = Pick<BlockedInsert, "photoId" | "modelId" | "reason" | "adminId" | "caseId">;

/**
 * The view hashes of a stored photo; null when its file is gone. A file that cannot be decoded (or is flat) gives
 * none: its block keeps its SHA-256 and whole-picture rows only.
 */
async function viewsOfStoredFile(storage: Storage, filename: string): Promise<ViewHash[] | null> {
  const stored = await readFingerprintedVariant(storage, filename);
  if (!stored) return null;
  return blockViewHashes(stored).catch(() => []);
}

/**
 * Records a block's view rows (variant VIEW_VARIANT and up), or one row without hashes when the picture gave none,
 * so the backfill does not try it again.
 */
async function recordBlockViews(db: Db | Tx, block: BlockOf, views: ViewHash[]) {
  const common = { ...block, hasher: ROBUST_HASHER };
  const rows =
    views.length > 0
      ? views.map((view, i) => ({
          ...common,
          variant: VIEW_VARIANT + i,
          perceptualHash: view.dct,
          detailHash: view.sim,
        }))
      : [{ ...common, variant: VIEW_VARIANT }];
  await db.insert(blockedPhotoFingerprints).values(rows).onConflictDoNothing();
}

const viewRows = alias(blockedPhotoFingerprints, "view_rows");

/**
 * Gives view rows to the blocks that have none yet (blocks made before them, or without the storage at hand),
 * from the photo's stored file, oldest first, at most `limit`. A block whose file is gone is given the row without
 * hashes (it keeps its other rows); one whose file could not be read now is tried again by the next run.
 */
export async function completeBlockViews(db: Db, storage: Storage, limit: number): Promise<number> {
  const blocks = await db
    .select({
      photoId: blockedPhotoFingerprints.photoId,
      modelId: blockedPhotoFingerprints.modelId,
      reason: blockedPhotoFingerprints.reason,
      adminId: blockedPhotoFingerprints.adminId,
      caseId: blockedPhotoFingerprints.caseId,
      filename: sql<string | null>`coalesce(${photos.filename}, ${blockedPhotoFingerprints.pendingFilename})`,
    })
    .from(blockedPhotoFingerprints)
    .leftJoin(photos, eq(photos.id, blockedPhotoFingerprints.photoId))
    .where(
      and(
        eq(blockedPhotoFingerprints.variant, 0),
        notExists(
          db
            .select({ one: sql`1` })
            .from(viewRows)
            .where(
              and(
                eq(viewRows.photoId, blockedPhotoFingerprints.photoId),
                sql`${viewRows.caseId} is not distinct from ${blockedPhotoFingerprints.caseId}`,
                gte(viewRows.variant, VIEW_VARIANT),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(blockedPhotoFingerprints.id))
    .limit(limit);
  let recorded = 0;
  for (const { filename, ...block } of blocks) {
    const views = filename ? await viewsOfStoredFile(storage, filename).catch(() => undefined) : null;
    if (views === undefined) continue;
    await recordBlockViews(db, block, views ?? []);
    recorded++;
  }
  return recorded;
}
