import sharp from "sharp";
import { decodeGrey, type GreyImage } from "./fingerprint";

/**
 * The edit-proof fingerprints of blocked pictures (decision 058): a removed photo must not come back mirrored,
 * rotated by a few degrees, cropped by up to 15 %, framed by a border, recoloured or re-encoded.
 *
 * A "view" of a picture is a 32×32 grey sampling of a window of it, possibly mirrored and rotated about its
 * centre; its hash is 128 bits: a DCT pHash (the 8×8 lowest frequencies against their median, 64 bits) and a
 * SimHash of the same coefficients weighted by their frequency (64 signs of fixed random projections). The two
 * halves err differently (the pHash on pictures with little detail, the SimHash on large smooth gradients), so
 * a match is on their summed distance.
 *
 * The edits are searched on the BLOCKED side, once, when the block is recorded: the blocked picture is hashed
 * through BLOCK_VIEWS — mirrored or not, rotated by up to 4.5° either way, and cut by 0–15 % on each side on a 5 %
 * lattice (280 views). An upload is hashed through a few QUERY_WINDOWS only (the whole picture, and its centre, which
 * drops the corners a rotation without re-cropping adds), as it is and, when it has uniform borders, trimmed. An
 * upload is the blocked picture when one of its views is within ROBUST_MATCH_DISTANCE of one of the block's.
 */
export const ROBUST_HASHER = "view-dct-simhash-128";

/**
 * Summed bits (pHash + SimHash, out of 128) at which two views are the same picture. Measured on demo pictures
 * (fingerprint-robustness.test.ts, decision 058): every edit of the list within 9 (14 once, on one of six
 * sources), an edited copy never closer than 23 to an unrelated picture, two demo pictures never closer than 26.
 */
export const ROBUST_MATCH_DISTANCE = 18;

/** One hash of one view, both halves as PostgreSQL's signed bigint holds them. */
export type ViewHash = { dct: bigint; sim: bigint };

/** Fractions cut off the left, top, right and bottom of the (rotated) picture. */
type Window = readonly [left: number, top: number, right: number, bottom: number];
type View = { angle: number; mirror: boolean; window: Window };

const CUTS = [0, 0.05, 0.1, 0.15];
const MAX_CUT = 0.15;
/** Degrees (with 0 above): a rotation of up to 5° either way is within 0.75° of one of them. */
const ANGLES = [1.5, -1.5, 3, -3, 4.5, -4.5];
/** A rotated picture is cropped back (or its corners are left out) by about 4–13 % on each side. */
const ROTATED_CUTS = [0.04, 0.07, 0.1, 0.13];

/** A rotated picture also cut 10 % on one side: the window's centre moved 5 % towards the other. */
const SHIFTED_WINDOWS: Window[] = [
  [0.15, 0.1, 0.05, 0.1],
  [0.05, 0.1, 0.15, 0.1],
  [0.1, 0.15, 0.1, 0.05],
  [0.1, 0.05, 0.1, 0.15],
];

/** The views of a blocked picture that an edited copy's query views are compared with. */
export const BLOCK_VIEWS: View[] = [false, true].flatMap((mirror) => [
  ...CUTS.flatMap((left) =>
    CUTS.flatMap((right) =>
      CUTS.flatMap((top) =>
        CUTS.filter((bottom) => left + right <= MAX_CUT + 1e-9 && top + bottom <= MAX_CUT + 1e-9).map(
          (bottom): View => ({ angle: 0, mirror, window: [left, top, right, bottom] }),
        ),
      ),
    ),
  ),
  ...ANGLES.flatMap((angle) => ROTATED_CUTS.map((cut): View => ({ angle, mirror, window: [cut, cut, cut, cut] }))),
  ...ANGLES.filter((angle) => Math.abs(angle) >= 3).flatMap((angle) =>
    SHIFTED_WINDOWS.map((window): View => ({ angle, mirror, window })),
  ),
]);

/** The upload's views: the whole picture, and its centre without 7.5 % and 12 % on each side. */
const QUERY_WINDOWS: Window[] = [
  [0, 0, 0, 0],
  [0.075, 0.075, 0.075, 0.075],
  [0.12, 0.12, 0.12, 0.12],
];

/**
 * A border is uniform lines at a side: each within BORDER_TOLERANCE grey levels of the outermost line's median
 * on BORDER_SHARE of its pixels (JPEG noise at quality 30 stays within it). At most MAX_TRIM of a side is cut.
 */
const BORDER_TOLERANCE = 10;
const BORDER_SHARE = 0.98;
const MAX_TRIM = 0.3;

type Rect = { left: number; top: number; width: number; height: number };

/** The picture without uniform lines (a border of any colour, on any side). */
export function trimBorders({ data, width, height }: GreyImage): Rect {
  let [left, top, right, bottom] = [0, 0, width, height];
  const line = (vertical: boolean, at: number) => {
    const values: number[] = [];
    if (vertical) for (let y = top; y < bottom; y++) values.push(data[y * width + at]);
    else for (let x = left; x < right; x++) values.push(data[at * width + x]);
    return values;
  };
  const median = (values: number[]) => values.slice().sort((a, b) => a - b)[values.length >> 1];
  const uniform = (values: number[], colour: number) =>
    values.filter((v) => Math.abs(v - colour) <= BORDER_TOLERANCE).length >= BORDER_SHARE * values.length;
  const trimmed = (vertical: boolean, from: number, step: 1 | -1, limit: number) => {
    const colour = median(line(vertical, from));
    let at = from;
    while (at * step < limit * step && uniform(line(vertical, at), colour)) at += step;
    return at;
  };
  top = trimmed(false, 0, 1, Math.floor(height * MAX_TRIM));
  bottom = trimmed(false, height - 1, -1, Math.ceil(height * (1 - MAX_TRIM))) + 1;
  left = trimmed(true, 0, 1, Math.floor(width * MAX_TRIM));
  right = trimmed(true, width - 1, -1, Math.ceil(width * (1 - MAX_TRIM))) + 1;
  return { left, top, width: right - left, height: bottom - top };
}

/** The longer side of the picture views are sampled from: views read ~3 of its pixels per sample. */
const WORK_SIDE = 128;

type WorkImage = { data: Float32Array; width: number; height: number };

async function workImage(grey: GreyImage, rect: Rect): Promise<WorkImage> {
  const scale = WORK_SIDE / Math.max(rect.width, rect.height);
  const width = Math.max(8, Math.round(rect.width * scale));
  const height = Math.max(8, Math.round(rect.height * scale));
  const data = await sharp(grey.data, { raw: { width: grey.width, height: grey.height, channels: 1 } })
    .extract(rect)
    .resize(width, height, { fit: "fill" })
    // A one-channel raw input comes out as three channels unless one is picked.
    .extractChannel(0)
    .raw()
    .toBuffer();
  return { data: Float32Array.from(data), width, height };
}

const SIDE = 32;
const KEPT = 8;
/** Sub-samples per sample and axis: each sample averages 2×2 points of the work image (no aliasing). */
const SUB = 2;
/** Below this standard deviation of its 32×32 samples a view is flat and gets no hash (every flat view is alike). */
const FLAT_DEVIATION = 2;

/**
 * The 32×32 samples of a view. The view shows the picture rotated clockwise by `angle` about its centre (as an
 * editor rotates it), then mirrored, through the window: each sample is read at the inverse rotation, bilinearly
 * (points outside the picture read its nearest edge).
 */
function sampleView({ data, width, height }: WorkImage, { angle, mirror, window }: View): Float32Array {
  const [left, top, right, bottom] = window;
  const cx = width / 2;
  const cy = height / 2;
  const x0 = left * width;
  const spanX = (1 - left - right) * width;
  const y0 = top * height;
  const spanY = (1 - top - bottom) * height;
  const cos = Math.cos((angle * Math.PI) / 180);
  const sin = Math.sin((angle * Math.PI) / 180);
  const out = new Float32Array(SIDE * SIDE);
  for (let j = 0; j < SIDE; j++) {
    for (let i = 0; i < SIDE; i++) {
      let sum = 0;
      for (let sj = 0; sj < SUB; sj++) {
        const py = y0 + ((j + (sj + 0.5) / SUB) / SIDE) * spanY - cy;
        for (let si = 0; si < SUB; si++) {
          const u = (i + (si + 0.5) / SUB) / SIDE;
          const px = x0 + (mirror ? 1 - u : u) * spanX - cx;
          const x = Math.min(Math.max(cx + cos * px + sin * py - 0.5, 0), width - 1);
          const y = Math.min(Math.max(cy - sin * px + cos * py - 0.5, 0), height - 1);
          const xa = Math.floor(x);
          const ya = Math.floor(y);
          const xb = xa + 1 < width ? xa + 1 : xa;
          const yb = ya + 1 < height ? ya + 1 : ya;
          const fx = x - xa;
          const fy = y - ya;
          const upper = data[ya * width + xa] * (1 - fx) + data[ya * width + xb] * fx;
          const lower = data[yb * width + xa] * (1 - fx) + data[yb * width + xb] * fx;
          sum += upper * (1 - fy) + lower * fy;
        }
      }
      out[j * SIDE + i] = sum / (SUB * SUB);
    }
  }
  return out;
}

/** cos((2x + 1)uπ / 2N) for the KEPT lowest frequencies u over the SIDE samples x. */
const COSINES = Array.from({ length: KEPT }, (_, u) =>
  Float64Array.from({ length: SIDE }, (_, x) => Math.cos(((2 * x + 1) * u * Math.PI) / (2 * SIDE))),
);

/** The KEPT × KEPT lowest-frequency coefficients of the samples' 2-D DCT, row by row (DC first). */
function lowFrequencies(samples: Float32Array): Float64Array {
  const rows = new Float64Array(SIDE * KEPT);
  for (let y = 0; y < SIDE; y++) {
    for (let u = 0; u < KEPT; u++) {
      let sum = 0;
      for (let x = 0; x < SIDE; x++) sum += COSINES[u][x] * samples[y * SIDE + x];
      rows[y * KEPT + u] = sum;
    }
  }
  const out = new Float64Array(KEPT * KEPT);
  for (let v = 0; v < KEPT; v++) {
    for (let u = 0; u < KEPT; u++) {
      let sum = 0;
      for (let y = 0; y < SIDE; y++) sum += COSINES[v][y] * rows[y * KEPT + u];
      out[v * KEPT + u] = sum;
    }
  }
  return out;
}

/** A fixed pseudo-random generator (mulberry32): the projections must be the same in every process, forever. */
function mulberry32(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const AC_TERMS = KEPT * KEPT - 1;
/** Each AC coefficient weighted by its frequency (√(u² + v²)): the lowest ones would decide every sign alone. */
const WEIGHTS = Float64Array.from({ length: AC_TERMS }, (_, i) =>
  Math.hypot((i + 1) % KEPT, Math.floor((i + 1) / KEPT)),
);
/** 64 Gaussian projections (Box–Muller over mulberry32 seeded 12345). Changing them changes the hasher. */
const PROJECTIONS = (() => {
  const random = mulberry32(12345);
  const gauss = () => Math.sqrt(-2 * Math.log(Math.max(random(), 1e-12))) * Math.cos(2 * Math.PI * random());
  return Array.from({ length: 64 }, () => Float64Array.from({ length: AC_TERMS }, gauss));
})();

function hashSamples(samples: Float32Array): ViewHash | null {
  let mean = 0;
  for (const v of samples) mean += v;
  mean /= samples.length;
  let variance = 0;
  for (const v of samples) variance += (v - mean) ** 2;
  if (Math.sqrt(variance / samples.length) < FLAT_DEVIATION) return null;

  const coefficients = lowFrequencies(samples);
  const ac = Array.from(coefficients.subarray(1));
  const sorted = ac.slice().sort((a, b) => a - b);
  const median = (sorted[31] + sorted[32]) / 2;
  const dct = Array.from(coefficients, (c) => c > median);
  const weighted = ac.map((c, i) => c * WEIGHTS[i]);
  const sim = PROJECTIONS.map((projection) => {
    let sum = 0;
    for (let i = 0; i < AC_TERMS; i++) sum += projection[i] * weighted[i];
    return sum > 0;
  });
  return { dct: toBigint(dct), sim: toBigint(sim) };
}

/** 64 bits, the first one most significant, as PostgreSQL's signed bigint holds them. */
function toBigint(bits: boolean[]): bigint {
  let high = 0;
  let low = 0;
  for (let i = 0; i < 32; i++) {
    high = (high * 2 + (bits[i] ? 1 : 0)) >>> 0;
    low = (low * 2 + (bits[32 + i] ? 1 : 0)) >>> 0;
  }
  return BigInt.asIntN(64, (BigInt(high) << 32n) | BigInt(low));
}

const hashViews = (image: WorkImage, views: View[]) =>
  views.map((view) => hashSamples(sampleView(image, view))).filter((hash) => hash !== null);

/**
 * The hashes a block of this picture stores (from the stored bytes of its FINGERPRINT_WIDTH variant): one per
 * BLOCK_VIEWS view that is not flat. Not trimmed: the blocked picture is the reference as it was published.
 */
export async function blockViewHashes(stored: Buffer): Promise<ViewHash[]> {
  const grey = await decodeGrey(stored);
  const whole = { left: 0, top: 0, width: grey.width, height: grey.height };
  return hashViews(await workImage(grey, whole), BLOCK_VIEWS);
}

/** How much of a side trimming must take before the trimmed picture is looked at too (a real border). */
const TRIM_MIN = 0.01;

/**
 * The hashes an upload is looked up by (from the stored bytes of its FINGERPRINT_WIDTH variant): its
 * QUERY_WINDOWS, as it is and, when it has a border, without it.
 */
export async function queryViewHashes(stored: Buffer): Promise<ViewHash[]> {
  const grey = await decodeGrey(stored);
  const whole = { left: 0, top: 0, width: grey.width, height: grey.height };
  const trimmed = trimBorders(grey);
  const rects = [whole];
  if (trimmed.width < grey.width * (1 - TRIM_MIN) || trimmed.height < grey.height * (1 - TRIM_MIN)) {
    rects.push(trimmed);
  }
  const views = QUERY_WINDOWS.map((window): View => ({ angle: 0, mirror: false, window }));
  const hashes = await Promise.all(rects.map(async (rect) => hashViews(await workImage(grey, rect), views)));
  return hashes.flat();
}
