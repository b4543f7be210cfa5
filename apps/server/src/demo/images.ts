import sharp from "sharp";
import { createRandom } from "./random";

type Random = ReturnType<typeof createRandom>;

const PALETTES = [
  ["#f43f5e", "#fb923c", "#fde68a"],
  ["#7c3aed", "#db2777", "#f9a8d4"],
  ["#0ea5e9", "#6366f1", "#c4b5fd"],
  ["#14b8a6", "#0f766e", "#fef3c7"],
  ["#be123c", "#881337", "#fda4af"],
  ["#f59e0b", "#b45309", "#fef9c3"],
  ["#1e293b", "#9333ea", "#f472b6"],
  ["#22c55e", "#15803d", "#bbf7d0"],
];

/** An SVG of soft gradients, circles and waves: abstract art, never a picture of a person. */
function abstractSvg(random: Random, width: number, height: number): string {
  const [a, b, c] = random.pick(PALETTES);
  const angle = random.int(0, 359);
  const shapes: string[] = [];
  for (let i = 0; i < random.int(4, 9); i++) {
    const r = random.int(Math.round(width * 0.08), Math.round(width * 0.45));
    shapes.push(
      `<circle cx="${random.int(0, width)}" cy="${random.int(0, height)}" r="${r}" fill="${random.pick([a, b, c, "#ffffff"])}" ` +
        `fill-opacity="${(0.15 + random.next() * 0.45).toFixed(2)}"/>`,
    );
  }
  for (let i = 0; i < random.int(2, 4); i++) {
    const y = random.int(Math.round(height * 0.2), Math.round(height * 0.9));
    const amp = random.int(40, 220);
    shapes.push(
      `<path d="M0 ${y} C ${width * 0.3} ${y - amp}, ${width * 0.6} ${y + amp}, ${width} ${y - amp / 2} L ${width} ${height} L 0 ${height} Z" ` +
        `fill="${random.pick([a, b, c])}" fill-opacity="${(0.2 + random.next() * 0.35).toFixed(2)}"/>`,
    );
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">
  <defs>
    <linearGradient id="bg" gradientTransform="rotate(${angle} 0.5 0.5)">
      <stop offset="0" stop-color="${a}"/><stop offset="0.55" stop-color="${b}"/><stop offset="1" stop-color="${c}"/>
    </linearGradient>
    <filter id="soft"><feGaussianBlur stdDeviation="${random.int(8, 30)}"/></filter>
  </defs>
  <rect width="100%" height="100%" fill="url(#bg)"/>
  <g filter="url(#soft)">${shapes.join("")}</g>
</svg>`;
}

/**
 * A JPEG of an abstract picture, portrait (3:4) or landscape, as an upload would arrive. `scale` renders the same
 * picture smaller (tests: 0.4 gives 480×640).
 */
export async function generateAbstractImage(seed: number, scale = 1): Promise<Buffer> {
  const random = createRandom(seed);
  const portrait = random.next() < 0.8;
  const [width, height] = portrait ? [1200, 1600] : [1600, 1200];
  return sharp(Buffer.from(abstractSvg(random, width, height)), { density: 72 * scale })
    .jpeg({ quality: 85 })
    .toBuffer();
}
