import { type OwnerPhoto, PHOTO_WIDTHS } from "@vitrine/contracts";
import type { PhotoRow } from "../../db/schema";
import { photoKey } from "../../lib/photo-processing";
import type { Storage } from "../../plugins/storage";
import { signPhotoAccess } from "./signed-url";

/**
 * A photo as its owner sees it: every URL signed, so private photos (and a hidden model's) load. The signature
 * holds only while the account's session version and the photo's visibility stay as they are now.
 */
export function presentOwnerPhoto(
  row: PhotoRow,
  opts: { storage: Storage; secret: string; sessionVersion: number; now?: Date },
): OwnerPhoto {
  const state = { filename: row.filename, isPublic: row.isPublic, sessionVersion: opts.sessionVersion };
  const { exp, sig } = signPhotoAccess(opts.secret, state, opts.now);
  const signed = (width: number) => `${opts.storage.url(photoKey(row.filename, width))}?exp=${exp}&sig=${sig}`;
  return {
    id: row.id,
    filename: row.filename,
    original_name: row.originalName,
    is_primary: row.isPrimary,
    is_public: row.isPublic,
    width: row.width,
    height: row.height,
    created_at: row.createdAt.toISOString(),
    url: signed(800),
    variants: PHOTO_WIDTHS.map((width) => ({ width, url: signed(width) })),
  };
}
