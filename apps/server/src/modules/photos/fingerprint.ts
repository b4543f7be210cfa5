import { createHash } from "node:crypto";
import { PHOTO_WIDTHS } from "@vitrine/contracts";
import sharp from "sharp";
import { photoKey } from "../../lib/photo-processing";
import type { Storage } from "../../plugins/storage";

/**
 * A perceptual hash: near-identical pictures (resized, re-encoded, slightly cropped or brightened) get hashes a
 * small Hamming distance apart. The photos table stores 64-bit hashes (a bigint) with the hasher's name, and only
 * hashes of the same hasher are compared, so a better hasher (PDQ) comes with its own name — and, being 256-bit,
 * its own columns — and the backfill re-hashes the rows of the old one.
 */
export interface PhotoHasher {
  readonly name: string;
  /**
   * 16 hex digits, of the picture or of what is left once `crop` is cut off; null for a picture with too little
   * detail to be told apart by its look (a flat colour).
   */
  hash(image: GreyImage, crop?: Crop): Promise<string | null>;
  /** Bits that differ between two hashes of this hasher. */
  distance(a: string, b: string): number;
}

/** A picture as 8-bit grey levels, row by row: what a hasher reads (decoded once for all its crops). */
export type GreyImage = { data: Buffer; width: number; height: number };

/** Decodes an image into grey levels, transparency flattened on white. */
export async function decodeGrey(image: Buffer): Promise<GreyImage> {
  const { data, info } = await sharp(image)
    .flatten({ background: "#ffffff" })
    .greyscale()
    .extractChannel(0)
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/** Fractions of the width (left, right) and height (top, bottom) cut off. */
export type Crop = { left: number; right: number; top: number; bottom: number };

/** The stored variant fingerprinted, at upload and by the backfill alike: the smallest one. */
export const FINGERPRINT_WIDTH = PHOTO_WIDTHS[0];

/** The stored bytes of a photo's FINGERPRINT_WIDTH variant; null when the file is gone. */
export async function readFingerprintedVariant(storage: Storage, filename: string): Promise<Buffer | null> {
  const object = await storage.get(photoKey(filename, FINGERPRINT_WIDTH));
  if (!object) return null;
  const chunks: Buffer[] = [];
  for await (const chunk of object.stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/**
 * Hashes at most this far apart are the same picture. Measured through the upload pipeline on the demo images
 * (fingerprint.test.ts, decision 042): resized, re-encoded or brightened copies stay within 8 bits, a copy cut
 * by 5 % within 6 of the matching crop hash; distinct images were never closer than 12.
 */
export const MATCH_DISTANCE = 10;

/**
 * The crops hashed besides the whole picture: 5 % off one side, off two sides at a corner, and 2.5 % all
 * around. A cropped copy is far from the whole picture's hash (a 5 % cut moves the low frequencies by up to 16
 * bits) but close to the same crop's.
 */
const CUT = 0.05;
export const CROPS: Crop[] = [
  { left: CUT, right: 0, top: 0, bottom: 0 },
  { left: 0, right: CUT, top: 0, bottom: 0 },
  { left: 0, right: 0, top: CUT, bottom: 0 },
  { left: 0, right: 0, top: 0, bottom: CUT },
  { left: CUT, right: 0, top: CUT, bottom: 0 },
  { left: 0, right: CUT, top: CUT, bottom: 0 },
  { left: CUT, right: 0, top: 0, bottom: CUT },
  { left: 0, right: CUT, top: 0, bottom: CUT },
  { left: CUT / 2, right: CUT / 2, top: CUT / 2, bottom: CUT / 2 },
];

function cropped({ data, width, height }: GreyImage, crop: Crop | undefined) {
  const image = sharp(data, { raw: { width, height, channels: 1 } });
  if (!crop) return image;
  const left = Math.round(width * crop.left);
  const top = Math.round(height * crop.top);
  return image.extract({
    left,
    top,
    width: Math.max(1, width - left - Math.round(width * crop.right)),
    height: Math.max(1, height - top - Math.round(height * crop.bottom)),
  });
}

const SIDE = 32;
const KEPT = 8;
/**
 * Below this standard deviation of the 32×32 grey levels the picture is flat: its DCT terms are rounding noise,
 * which would make every flat picture "the same", so it gets no perceptual hash (its SHA-256 still matches).
 */
const FLAT_DEVIATION = 2;
/** cos((2x + 1)uπ / 2N) for the 8 lowest frequencies u over the 32 samples x. */
const COSINES = Array.from({ length: KEPT }, (_, u) =>
  Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/**
 * pHash: the grey picture squeezed to 32×32 (aspect ignored), its 2-D DCT, and one bit
 * per coefficient of the 8×8 lowest frequencies: set when above their median (the DC term left out of the
 * median). Low frequencies survive scaling, compression and small brightness changes; a 5 % crop moves a few.
 */
export const dctHasher: PhotoHasher = {
  name: "phash-dct-64",
  async hash(image, crop) {
    const pixels = await cropped(image, crop).resize(SIDE, SIDE, { fit: "fill" }).raw().toBuffer();
    if (deviation(pixels) < FLAT_DEVIATION) return null;
    const rows = Array.from({ length: SIDE }, (_, y) =>
      COSINES.map((cos) => cos.reduce((sum, c, x) => sum + c * pixels[y * SIDE + x], 0)),
    );
    const coefficients: number[] = [];
    for (let v = 0; v < KEPT; v++) {
      for (let u = 0; u < KEPT; u++) {
        coefficients.push(COSINES[v].reduce((sum, c, y) => sum + c * rows[y][u], 0));
      }
    }
    const sorted = coefficients.slice(1).sort((a, b) => a - b);
    const median = (sorted[31] + sorted[32]) / 2;
    let bits = 0n;
    for (const c of coefficients) bits = (bits << 1n) | (c > median ? 1n : 0n);
    return bits.toString(16).padStart(16, "0");
  },
  distance(a, b) {
    let diff = BigInt(`0x${a}`) ^ BigInt(`0x${b}`);
    let count = 0;
    for (; diff; diff &= diff - 1n) count++;
    return count;
  },
};

function deviation(values: Uint8Array): number {
  const mean = values.reduce((sum, v) => sum + v, 0) / values.length;
  return Math.sqrt(values.reduce((sum, v) => sum + (v - mean) ** 2, 0) / values.length);
}

/** The hasher of new fingerprints. */
export const photoHasher: PhotoHasher = dctHasher;

export type PhotoFingerprint = {
  /** SHA-256 (hex) of the stored bytes of the fingerprinted variant. */
  sha256: string;
  /** The perceptual hash as PostgreSQL's signed bigint holds it; null for a flat picture. */
  perceptualHash: bigint | null;
  hasher: string;
  /** The hashes of the CROPS that are not flat, in order. */
  cropHashes: bigint[];
};

const toBigint = (hex: string) => BigInt.asIntN(64, BigInt(`0x${hex}`));

/** The fingerprint of a photo from the stored bytes of its FINGERPRINT_WIDTH variant. */
export async function fingerprintPhoto(stored: Buffer): Promise<PhotoFingerprint> {
  const grey = await decodeGrey(stored);
  const [whole, ...crops] = await Promise.all([undefined, ...CROPS].map((crop) => photoHasher.hash(grey, crop)));
  return {
    sha256: createHash("sha256").update(stored).digest("hex"),
    perceptualHash: whole === null ? null : toBigint(whole),
    hasher: photoHasher.name,
    cropHashes: crops.filter((hex) => hex !== null).map(toBigint),
  };
}

/** The hash cut in BANDS pieces of 16 bits, each indexed (see fingerprint-store.ts). */
export const BANDS = 4;
const BAND_BITS = 16;
const BAND_MASK = (1n << BigInt(BAND_BITS)) - 1n;

/** The value of each band, most significant first, as `(hash >> shift) & 65535` computes it in SQL. */
export function hashBands(hash: bigint): number[] {
  const unsigned = BigInt.asUintN(64, hash);
  return Array.from({ length: BANDS }, (_, i) => Number((unsigned >> BigInt((BANDS - 1 - i) * BAND_BITS)) & BAND_MASK));
}

/** Every band value at most `radius` bits from `value`. */
export function bandNeighbours(value: number, radius: number): number[] {
  const found: number[] = [];
  const walk = (current: number, fromBit: number, left: number) => {
    found.push(current);
    if (left === 0) return;
    for (let bit = fromBit; bit < BAND_BITS; bit++) walk(current ^ (1 << bit), bit + 1, left - 1);
  };
  walk(value, 0, radius);
  return found;
}

/**
 * Two hashes within MATCH_DISTANCE have, by pigeonhole, at least one band within floor(MATCH_DISTANCE / BANDS)
 * bits: a candidate shares one of these values in one band. Per band, the values to look up.
 */
export function bandsToSearch(hash: bigint): number[][] {
  const radius = Math.floor(MATCH_DISTANCE / BANDS);
  return hashBands(hash).map((value) => bandNeighbours(value, radius));
}
