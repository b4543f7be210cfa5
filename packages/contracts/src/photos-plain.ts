// No zod here: the public pages load this file (the schemas are in photos.ts, which re-exports it).

/** Widths of the stored WebP variants; the web builds srcset from these. */
export const PHOTO_WIDTHS = [400, 800, 1600] as const;
export type PhotoWidth = (typeof PHOTO_WIDTHS)[number];

/** The refusal of an upload whose picture moderation removed (the same file or a near-identical copy). */
export const PHOTO_BLOCKED_MESSAGE = "Esta foto não pode ser publicada.";

/** Public URL of one variant of a photo (filename is the random storage key). */
export function photoUrl(filename: string, width: PhotoWidth = 800): string {
  return `/uploads/photos/${filename}-${width}.webp`;
}

export function photoSrcSet(filename: string): string {
  return PHOTO_WIDTHS.map((w) => `${photoUrl(filename, w)} ${w}w`).join(", ");
}
