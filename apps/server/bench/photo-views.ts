import { loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { generateAbstractImage } from "../src/demo/images";
import { processPhoto } from "../src/lib/photo-processing";
import { FINGERPRINT_WIDTH, fingerprintPhoto } from "../src/modules/photos/fingerprint";
import { blockViewHashes, queryViewHashes } from "../src/modules/photos/fingerprint-robust";
import { EDITS } from "../src/modules/photos/fingerprint-test-images";

/**
 * node --import tsx apps/server/bench/photo-views.ts: what the edit-proof views (decision 058) add to an upload and
 * to a block, next to what an upload already costs, over BENCH_PHOTOS (8) demo pictures at full size (1200×1600).
 * Prints medians in ms of wall time (the machine's load average with them) and of CPU time for the block's views.
 */
const PHOTOS = Number(process.env.BENCH_PHOTOS ?? 8);
const framed = EDITS.find((edit) => edit.name === "white border 10%")!;
const timings: Record<string, number[]> = {};
async function timed<T>(name: string, work: () => Promise<T>): Promise<T> {
  const started = performance.now();
  const result = await work();
  (timings[name] ??= []).push(performance.now() - started);
  return result;
}
const stored = (processed: Awaited<ReturnType<typeof processPhoto>>) =>
  processed.variants.find((variant) => variant.width === FINGERPRINT_WIDTH)!.data;

for (let i = 0; i < PHOTOS; i++) {
  const image = await generateAbstractImage(2000 + i);
  const variant = stored(await timed("upload: decode and encode (processPhoto)", () => processPhoto(image)));
  await timed("upload: the 042 fingerprint", () => fingerprintPhoto(variant));
  await timed("upload: the six query views", () => queryViewHashes(variant));
  const withBorder = stored(await processPhoto(await framed.apply(image)));
  await timed("upload: the query views of a framed picture (trimmed too)", () => queryViewHashes(withBorder));
  await timed("block: the 280 views", () => blockViewHashes(variant));
  const cpu = process.cpuUsage();
  await blockViewHashes(variant);
  const used = process.cpuUsage(cpu);
  (timings["block: the 280 views, CPU time"] ??= []).push((used.user + used.system) / 1000);
}
const median = (values: number[]) => values.slice().sort((a, b) => a - b)[values.length >> 1];
process.stdout.write(
  `load average ${loadavg()
    .map((load) => load.toFixed(1))
    .join(" ")}, ${PHOTOS} pictures\n`,
);
for (const [name, values] of Object.entries(timings)) {
  process.stdout.write(`${name}: median ${median(values).toFixed(0)} ms\n`);
}
