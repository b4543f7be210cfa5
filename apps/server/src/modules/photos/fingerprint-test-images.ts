import { mkdirSync, readFileSync, renameSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp, { type Sharp } from "sharp";
import { generateAbstractImage } from "../../demo/images";
import { digestOf } from "../../test/prepared-data";

/**
 * A photo-like JPEG (a demo image: soft gradients, circles and waves, 1200×1600 or 1600×1200; `scale` renders it
 * smaller, faster). Rendering one takes about a second of CPU, and the fingerprint tests of both halves of the suite
 * draw the same seeds: each is rendered once per version of the generator and of sharp, and kept in the temporary
 * folder (written whole under another name, then renamed, so a concurrent reader never sees half of it).
 */
export async function demoPhoto(seed: number, scale = 1): Promise<Buffer> {
  const file = path.join(photoCache(), `${seed}-${scale}.jpg`);
  try {
    return readFileSync(file);
  } catch {
    const image = await generateAbstractImage(seed, scale);
    const partial = `${file}.${process.pid}.partial`;
    writeFileSync(partial, image);
    renameSync(partial, file);
    return image;
  }
}

let cacheDir: string | undefined;
function photoCache(): string {
  if (!cacheDir) {
    const key = digestOf(["apps/server/src/demo/images.ts", "apps/server/src/demo/random.ts"], sharp.versions);
    cacheDir = path.join(tmpdir(), `vitrine-test-photos-${key}`);
    mkdirSync(cacheDir, { recursive: true });
  }
  return cacheDir;
}

/** Cuts these fractions off the left, top, right and bottom, and re-encodes as JPEG. */
async function cut(image: Buffer, left: number, top: number, right: number, bottom: number) {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return sharp(image)
    .extract({
      left: Math.round(width * left),
      top: Math.round(height * top),
      width: Math.round(width * (1 - left - right)),
      height: Math.round(height * (1 - top - bottom)),
    })
    .jpeg({ quality: 85 })
    .toBuffer();
}

const halfWidth = async (image: Buffer) => Math.round(((await sharp(image).metadata()).width ?? 0) / 2);

export type Transform = { name: string; crops: boolean; apply: (image: Buffer) => Promise<Buffer> };

/** What someone re-uploading a removed photo does to it. `crops`: it cuts part of the picture off. */
export const TRANSFORMS: Transform[] = [
  {
    name: "resized to half",
    crops: false,
    apply: async (i) =>
      sharp(i)
        .resize(await halfWidth(i))
        .jpeg()
        .toBuffer(),
  },
  { name: "JPEG quality 40", crops: false, apply: (i) => sharp(i).jpeg({ quality: 40 }).toBuffer() },
  { name: "WebP quality 50", crops: false, apply: (i) => sharp(i).webp({ quality: 50 }).toBuffer() },
  { name: "PNG at a quarter size", crops: false, apply: (i) => sharp(i).resize(300).png().toBuffer() },
  { name: "10% brighter", crops: false, apply: (i) => sharp(i).modulate({ brightness: 1.1 }).jpeg().toBuffer() },
  { name: "10% darker", crops: false, apply: (i) => sharp(i).modulate({ brightness: 0.9 }).jpeg().toBuffer() },
  { name: "cut 5% all around", crops: true, apply: (i) => cut(i, 0.025, 0.025, 0.025, 0.025) },
  { name: "cut 5% on the left", crops: true, apply: (i) => cut(i, 0.05, 0, 0, 0) },
  { name: "cut 5% on the right", crops: true, apply: (i) => cut(i, 0, 0, 0.05, 0) },
  { name: "cut 5% at the top", crops: true, apply: (i) => cut(i, 0, 0.05, 0, 0) },
  { name: "cut 5% at the bottom-right corner", crops: true, apply: (i) => cut(i, 0, 0, 0.05, 0.05) },
  {
    name: "cut 5% at the top-left corner, shrunk, WebP 50",
    crops: true,
    apply: async (i) =>
      sharp(await cut(i, 0.05, 0.05, 0, 0))
        .resize(500)
        .webp({ quality: 50 })
        .toBuffer(),
  },
  {
    name: "cut 5% all around, 8% brighter, JPEG 60",
    crops: true,
    apply: async (i) =>
      sharp(await cut(i, 0.025, 0.025, 0.025, 0.025))
        .modulate({ brightness: 1.08 })
        .jpeg({ quality: 60 })
        .toBuffer(),
  },
];

/** The stored 400 px variant of an upload, as processPhoto encodes it (the bytes an upload is fingerprinted from). */
export const storedVariant = (image: Buffer) =>
  sharp(image).rotate().resize({ width: 400, withoutEnlargement: true }).webp({ quality: 80 }).toBuffer();

const size = async (image: Buffer) => {
  const { width = 0, height = 0 } = await sharp(image).metadata();
  return { width, height };
};
const jpeg = (image: Sharp, quality = 85) => image.jpeg({ quality }).toBuffer();

/** Adds a border of `fraction` of the width and height, of one colour, all around or at one side. */
async function framed(image: Buffer, fraction: number, background: string, side?: "bottom" | "left") {
  const { width, height } = await size(image);
  const x = Math.round(width * fraction);
  const y = Math.round(height * fraction);
  const all = { left: x, right: x, top: y, bottom: y };
  const edges =
    side === "bottom"
      ? { ...all, left: 0, right: 0, top: 0 }
      : side === "left"
        ? { ...all, right: 0, top: 0, bottom: 0 }
        : all;
  return jpeg(sharp(image).extend({ ...edges, background }));
}

/**
 * Rotates clockwise by `degrees` (negative: anticlockwise) on a canvas grown to hold it, its corners filled with
 * `background`; re-cropped: cut back to the largest centred rectangle of the original's proportions inside it.
 */
async function rotated(image: Buffer, degrees: number, recrop: boolean, background = "#000000") {
  const { width, height } = await size(image);
  const turned = await sharp(image).rotate(degrees, { background }).toBuffer();
  if (!recrop) return jpeg(sharp(turned));
  const angle = (Math.abs(degrees) * Math.PI) / 180;
  const scale = Math.min(
    1 / (Math.cos(angle) + (height / width) * Math.sin(angle)),
    1 / (Math.cos(angle) + (width / height) * Math.sin(angle)),
  );
  const grown = await size(turned);
  const keep = { width: Math.floor(width * scale) - 2, height: Math.floor(height * scale) - 2 };
  return jpeg(
    sharp(turned).extract({
      left: Math.round((grown.width - keep.width) / 2),
      top: Math.round((grown.height - keep.height) / 2),
      ...keep,
    }),
  );
}

const sepia = (image: Buffer) =>
  jpeg(
    sharp(image).recomb([
      [0.393, 0.769, 0.189],
      [0.349, 0.686, 0.168],
      [0.272, 0.534, 0.131],
    ]),
  );
const mirrored = (image: Buffer) => jpeg(sharp(image).flop());

export type Edit = { name: string; apply: (image: Buffer) => Promise<Buffer> };

/**
 * What someone re-uploading a removed photo does to it (security finding S7): every one of these must be refused
 * once the original is blocked (decision 058). Crops cut a fraction of the width or height off one side, or half
 * of it off each side (centred).
 */
export const EDITS: Edit[] = [
  { name: "resized to half", apply: async (i) => jpeg(sharp(i).resize(Math.round((await size(i)).width / 2))) },
  { name: "JPEG quality 30", apply: (i) => jpeg(sharp(i), 30) },
  { name: "JPEG quality 95", apply: (i) => jpeg(sharp(i), 95) },
  { name: "WebP quality 60", apply: (i) => sharp(i).webp({ quality: 60 }).toBuffer() },
  { name: "mirrored", apply: mirrored },
  ...[0.08, 0.12, 0.15].flatMap((f): Edit[] => [
    { name: `cut ${f * 100}% on the left`, apply: (i) => cut(i, f, 0, 0, 0) },
    { name: `cut ${f * 100}% on the right`, apply: (i) => cut(i, 0, 0, f, 0) },
    { name: `cut ${f * 100}% at the top`, apply: (i) => cut(i, 0, f, 0, 0) },
    { name: `cut ${f * 100}% at the bottom`, apply: (i) => cut(i, 0, 0, 0, f) },
    { name: `cut ${f * 100}% centred`, apply: (i) => cut(i, f / 2, f / 2, f / 2, f / 2) },
  ]),
  { name: "white border 10%", apply: (i) => framed(i, 0.1, "#ffffff") },
  { name: "black border 8%", apply: (i) => framed(i, 0.08, "#000000") },
  { name: "red border 10%", apply: (i) => framed(i, 0.1, "#d02030") },
  { name: "white bar 10% at the bottom", apply: (i) => framed(i, 0.1, "#ffffff", "bottom") },
  { name: "grey bar 10% on the left", apply: (i) => framed(i, 0.1, "#808080", "left") },
  ...[3, -3, 5, -5].flatMap((d): Edit[] => [
    { name: `rotated ${d}°`, apply: (i) => rotated(i, d, false) },
    { name: `rotated ${d}°, re-cropped`, apply: (i) => rotated(i, d, true) },
  ]),
  { name: "sepia", apply: sepia },
  { name: "greyscale", apply: (i) => jpeg(sharp(i).greyscale()) },
  { name: "saturation +20%", apply: (i) => jpeg(sharp(i).modulate({ saturation: 1.2 })) },
  { name: "saturation -20%", apply: (i) => jpeg(sharp(i).modulate({ saturation: 0.8 })) },
  { name: "brightness +20%", apply: (i) => jpeg(sharp(i).modulate({ brightness: 1.2 })) },
  { name: "brightness -20%", apply: (i) => jpeg(sharp(i).modulate({ brightness: 0.8 })) },
  { name: "mirrored, cut 12% on the left", apply: async (i) => cut(await mirrored(i), 0.12, 0, 0, 0) },
  {
    name: "rotated 4° re-cropped, white border 8%",
    apply: async (i) => framed(await rotated(i, 4, true), 0.08, "#ffffff"),
  },
  { name: "cut 10% at the top, sepia", apply: async (i) => sepia(await cut(i, 0, 0.1, 0, 0)) },
  { name: "dark border 10%, JPEG quality 30", apply: async (i) => jpeg(sharp(await framed(i, 0.1, "#303030")), 30) },
  { name: "mirrored, rotated -3°", apply: async (i) => rotated(await mirrored(i), -3, false) },
  {
    name: "cut 15% centred, 20% darker",
    apply: async (i) => jpeg(sharp(await cut(i, 0.075, 0.075, 0.075, 0.075)).modulate({ brightness: 0.8 })),
  },
  { name: "resized, WebP quality 50", apply: (i) => sharp(i).resize(500).webp({ quality: 50 }).toBuffer() },
  {
    name: "rotated 5° on white, cut 10% on the right",
    apply: async (i) => cut(await rotated(i, 5, false, "#ffffff"), 0, 0, 0.1, 0),
  },
  { name: "greyscale, black border 10%", apply: async (i) => framed(await jpeg(sharp(i).greyscale()), 0.1, "#000000") },
  { name: "mirrored, 20% brighter", apply: async (i) => jpeg(sharp(await mirrored(i)).modulate({ brightness: 1.2 })) },
];
