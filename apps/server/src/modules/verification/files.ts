import { randomBytes } from "node:crypto";
import { buffer } from "node:stream/consumers";
import type { FastifyInstance } from "fastify";
import sharp from "sharp";
import { badRequest } from "../../lib/app-error";
import { deriveFileKey, openFile, sealFile } from "../../lib/file-cipher";
import { MAX_INPUT_PIXELS } from "../../lib/photo-processing";
import { createSemaphore } from "../../lib/semaphore";
import type { Storage } from "../../plugins/storage";

/**
 * The files of a review — a photo of her identity document and a selfie holding her code — live encrypted in the
 * storage under verification/, a prefix no route serves (GET /uploads serves only photos/ names of public photos):
 * the admin's review route decrypts them, nothing else reads them.
 */
export const VERIFICATION_PREFIX = "verification/";
/** Largest side kept: enough to read a document, far less than a camera's original. */
const MAX_SIDE = 2000;
/** One decode at a time: verifications are rare, and a 40-megapixel decode holds a few hundred MB. */
const decodeSlot = createSemaphore(1);

/** VERIFICATION_FILES_KEY, or (outside production, where it is required) a key derived from the server secret. */
export function verificationFilesKey(config: FastifyInstance["config"]): Buffer {
  return config.verificationFilesKey ?? deriveFileKey(config.jwtSecret, "vitrine:verification-files:v1");
}

/**
 * Decodes an upload to prove it is an image, turns it upright and re-encodes it as a JPEG of at most MAX_SIDE
 * pixels a side, without metadata (no EXIF, GPS or camera data is kept). `label` names the file in errors.
 */
export async function prepareVerificationImage(data: Buffer, label: string): Promise<Buffer> {
  return decodeSlot.run(async () => {
    try {
      const meta = await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata();
      if (!meta.width || !meta.height || !["jpeg", "png", "webp", "heif", "avif"].includes(meta.format ?? "")) {
        throw new Error("format");
      }
      return await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: "error" })
        .rotate()
        .resize({ width: MAX_SIDE, height: MAX_SIDE, fit: "inside", withoutEnlargement: true })
        .jpeg({ quality: 85 })
        .toBuffer();
    } catch {
      throw badRequest(`${label}: envie uma foto JPEG, PNG ou WebP de até 40 megapixels`);
    }
  });
}

export const newVerificationFileKey = () => `${VERIFICATION_PREFIX}${randomBytes(16).toString("hex")}.bin`;

/** Writes an encrypted file to the staging area; `storage.commit` moves it into place once its row committed. */
export async function stageVerificationFile(app: FastifyInstance, fileKey: string, image: Buffer): Promise<void> {
  await app.storage.stage(fileKey, sealFile(verificationFilesKey(app.config), image), "application/octet-stream");
}

/** The decrypted image of a stored verification file, or null when it is gone. */
export async function readVerificationFile(app: FastifyInstance, fileKey: string): Promise<Buffer | null> {
  const object = await app.storage.get(fileKey);
  if (!object) return null;
  return openFile(verificationFilesKey(app.config), await buffer(object.stream));
}

/** Removes files written for a submission that did not commit (in place and staged). */
export async function discardVerificationFiles(storage: Storage, fileKeys: string[]): Promise<void> {
  await Promise.all(fileKeys.map((key) => storage.delete(key).catch(() => undefined)));
}
