/** A model's photos and the fingerprints of photos removed by moderation. */
import { sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { admins, models } from "./accounts";

/**
 * A photo's fingerprint (modules/photos/fingerprint.ts): the SHA-256 (hex) of the stored bytes of its smallest
 * variant and its 64-bit perceptual hash, with the name of the hasher that made it. Null on a photo the backfill
 * job has not reached yet. Never sent to anyone.
 */
const fingerprintColumns = () => ({
  sha256: text("sha256"),
  perceptualHash: bigint("perceptual_hash", { mode: "bigint" }),
  hasher: text("hasher"),
});

/**
 * The exact-copy index and the near-copy indexes: the hash in four 16-bit bands, each indexed, so a search for
 * hashes a few bits away looks up each band's close values instead of reading every row (fingerprint-store.ts
 * writes the same expressions).
 */
function fingerprintIndexes(table: string, t: { sha256: AnyPgColumn; perceptualHash: AnyPgColumn }) {
  return [
    index(`${table}_sha256_idx`).on(t.sha256),
    ...[48, 32, 16, 0].map((shift, band) =>
      index(`${table}_phash_band${band}_idx`).on(sql`((${t.perceptualHash} >> ${sql.raw(String(shift))}) & 65535)`),
    ),
  ];
}

export const photos = pgTable(
  "photos",
  {
    id: serial("id").primaryKey(),
    modelId: integer("model_id")
      .notNull()
      .references(() => models.id, { onDelete: "cascade" }),
    /** Random storage key; variants are stored as `${filename}-${width}.webp`. */
    filename: text("filename").notNull().unique(),
    originalName: text("original_name").notNull().default(""),
    width: integer("width").notNull(),
    height: integer("height").notNull(),
    isPrimary: boolean("is_primary").notNull().default(false),
    isPublic: boolean("is_public").notNull().default(false),
    /** Hidden by moderation: private, and the model cannot make it public again. */
    moderationHiddenAt: timestamp("moderation_hidden_at", { withTimezone: true }),
    ...fingerprintColumns(),
    /**
     * Perceptual hashes of the picture cut by 5 % on each side, each corner and all around: copied to
     * blocked_photo_fingerprints when the photo is blocked, so that a cropped copy is refused too.
     */
    cropHashes: bigint("crop_hashes", { mode: "bigint" }).array(),
    createdAt: createdAt(),
  },
  (t) => [
    index("photos_model_idx").on(t.modelId),
    uniqueIndex("photos_one_primary_uq")
      .on(t.modelId)
      .where(sql`${t.isPrimary}`),
    ...fingerprintIndexes("photos", t),
    // The 16-bit bands of every crop hash, each tagged with its band number (band << 16 | value; the function is
    // defined by migration 0028): a cropped copy of a photo is found through them as a whole picture is through
    // the band indexes above (modules/photos/fingerprint-store.ts).
    index("photos_crop_bands_idx").using("gin", sql`photo_crop_bands(${t.cropHashes})`),
    // The backfill job's queue: empty once every photo has its fingerprint.
    index("photos_fingerprint_pending_idx")
      .on(t.id)
      .where(sql`${t.hasher} is null`),
  ],
);

/**
 * Fingerprints of photos removed by moderation (modules/photos, blockPhotoFingerprints): an upload with the same
 * SHA-256 or a perceptual hash within the match distance of any row is refused. One row per hash of the photo:
 * variant 0 is the whole picture (with its SHA-256), 1–9 its crops. Copied from the photo, so the block outlives
 * it. A photo removed before the backfill reached it is recorded by its file name with no fingerprint yet; the
 * backfill job fills it in from the stored file while that still exists.
 */
export const blockedPhotoFingerprints = pgTable(
  "blocked_photo_fingerprints",
  {
    id: serial("id").primaryKey(),
    ...fingerprintColumns(),
    /**
     * 0: the whole picture; 1–9: one of its crops (photos.crop_hashes, in order); 100 and up: one of its edit-proof
     * views (hasher "view-dct-simhash-128", modules/photos/fingerprint-robust.ts; a lone row 100 without hashes:
     * none could be computed).
     */
    variant: smallint("variant").notNull().default(0),
    /** A view row's second 64 bits (its SimHash; perceptual_hash holds its pHash). Null on other rows. */
    detailHash: bigint("detail_hash", { mode: "bigint" }),
    /** The storage name of the photo blocked, while its fingerprint is still to be computed. */
    pendingFilename: text("pending_filename"),
    photoId: integer("photo_id"),
    modelId: integer("model_id"),
    reason: text("reason").notNull(),
    adminId: integer("admin_id").references(() => admins.id, { onDelete: "set null" }),
    /**
     * The moderation case whose decision blocked it: reversing that decision on appeal lifts its rows only, so a
     * picture another decision blocked too stays blocked. Null for blocks made before it was recorded.
     */
    caseId: integer("case_id"),
    createdAt: createdAt(),
  },
  (t) => [
    ...fingerprintIndexes("blocked_photo_fingerprints", t),
    // The view rows' second half, looked up by its bands like the first (modules/photos/fingerprint-store.ts).
    ...[48, 32, 16, 0].map((shift, band) =>
      index(`blocked_photo_fingerprints_detail_band${band}_idx`).on(
        sql`((${t.detailHash} >> ${sql.raw(String(shift))}) & 65535)`,
      ),
    ),
    uniqueIndex("blocked_photo_fingerprints_photo_variant_case_uq").on(t.photoId, t.variant, t.caseId),
    index("blocked_photo_fingerprints_case_idx").on(t.caseId),
  ],
);

export type PhotoRow = typeof photos.$inferSelect;
