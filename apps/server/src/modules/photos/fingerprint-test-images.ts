import sharp from "sharp";
import { generateAbstractImage } from "../../demo/images";

/** A photo-like JPEG (a demo image: soft gradients, circles and waves, 1200×1600 or 1600×1200). */
export const demoPhoto = (seed: number) => generateAbstractImage(seed);

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
