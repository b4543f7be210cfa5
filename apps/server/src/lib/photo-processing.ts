import { randomBytes } from "node:crypto";
import { PHOTO_WIDTHS } from "@vitrine/contracts";
import sharp, { type Metadata } from "sharp";
import { badRequest } from "./app-error";
import { createSemaphore } from "./semaphore";

/**
 * Memory: a 40-megapixel decode holds a few hundred MB in libvips, and glibc keeps what each libvips thread
 * allocated. So at most PHOTO_DECODE_SLOTS photos are processed at once (later uploads wait their turn), each
 * on one libvips thread, and libvips keeps no cache of past operations.
 */
const PHOTO_DECODE_SLOTS = 2;
const decodeSlots = createSemaphore(PHOTO_DECODE_SLOTS);
sharp.cache(false);
sharp.concurrency(1);

/** Quiet time after the last photo before the collection below. */
const COLLECT_AFTER_MS = 2000;
let collectTimer: NodeJS.Timeout | undefined;

/**
 * The uploads' buffers (up to 15 MB each, plus the multipart chunks they were read from) are freed only by a full
 * garbage collection, which an idle server may not run for a long time. When node runs with --expose-gc (as
 * `npm run serve` does), one is requested once no photo has been waiting or processed for two seconds.
 */
function collectGarbageWhenIdle(): void {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc || collectTimer) return;
  collectTimer = setTimeout(() => {
    collectTimer = undefined;
    if (decodeSlots.isIdle()) gc();
  }, COLLECT_AFTER_MS);
  collectTimer.unref();
}

/** Decoding bombs: refuse anything above this many pixels (about 40 megapixels). */
export const MAX_INPUT_PIXELS = 40_000_000;

const TOO_MANY_PIXELS = "Imagem grande demais: envie até 40 megapixels";

export type ProcessedPhoto = {
  filename: string;
  width: number;
  height: number;
  variants: { key: string; width: number; data: Buffer }[];
};

export function photoKey(filename: string, width: number): string {
  return `photos/${filename}-${width}.webp`;
}

/**
 * Decodes the upload to prove it is an image (extension and MIME type are never trusted), applies the EXIF
 * orientation, and re-encodes WebP variants. sharp writes no metadata unless asked (no EXIF, GPS, XMP, ICC).
 */
export async function processPhoto(input: Buffer): Promise<ProcessedPhoto> {
  try {
    return await decodeSlots.run(() => decodeAndEncode(input));
  } finally {
    if (decodeSlots.isIdle()) collectGarbageWhenIdle();
  }
}

async function decodeAndEncode(input: Buffer): Promise<ProcessedPhoto> {
  let meta: Metadata;
  try {
    meta = await sharp(input, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
  } catch (err) {
    if (/pixel limit/i.test((err as Error).message)) throw badRequest(TOO_MANY_PIXELS);
    throw badRequest("O arquivo enviado não é uma imagem válida");
  }
  if (
    !meta.width ||
    !meta.height ||
    !["jpeg", "png", "webp", "gif", "heif", "avif", "tiff"].includes(meta.format ?? "")
  ) {
    throw badRequest("Formato de imagem não suportado. Envie JPEG, PNG ou WebP.");
  }
  if (meta.width * meta.height > MAX_INPUT_PIXELS) {
    throw badRequest(TOO_MANY_PIXELS);
  }
  const filename = randomBytes(16).toString("hex");
  try {
    const base = sharp(input, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" }).rotate();
    // EXIF orientations 5–8 turn the picture a quarter: width and height swap once rotated.
    const turned = (meta.orientation ?? 1) >= 5;
    const info = turned ? { width: meta.height, height: meta.width } : { width: meta.width, height: meta.height };
    const variants = await Promise.all(
      PHOTO_WIDTHS.map(async (width) => ({
        key: photoKey(filename, width),
        width,
        data: await base.clone().resize({ width, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer(),
      })),
    );
    return { filename, width: info.width, height: info.height, variants };
  } catch {
    throw badRequest("Não foi possível processar a imagem enviada");
  }
}
