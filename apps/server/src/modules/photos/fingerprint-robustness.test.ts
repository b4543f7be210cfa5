import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { admins, blockedPhotoFingerprints } from "../../db/schema";
import { registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { fingerprintPhoto, type PhotoFingerprint } from "./fingerprint";
import {
  BLOCK_VIEWS,
  blockViewHashes,
  queryViewHashes,
  ROBUST_MATCH_DISTANCE,
  type ViewHash,
} from "./fingerprint-robust";
import { blockPhotoFingerprints, isBlockedPicture, VIEW_VARIANT } from "./fingerprint-store";
import { demoPhoto, EDITS, storedVariant } from "./fingerprint-test-images";
import { postPhoto } from "./test-support";

/*
 * Security finding S7: a blocked photo must not come back edited (decision 058). The sources are demo pictures
 * rendered small (the stored 400 px variant is what is hashed, as for a full-size upload); every edit of
 * EDITS is made from them with sharp at test time and must be refused once the source is blocked, while no two
 * of the demo's pictures (the seed's pool, seeds 1000–1035) match each other or the blocked ones.
 */

const SOURCES = [9001, 9002, 9003];
/** 0.34 renders a demo picture 408 px wide (544 px high): its stored 400 px variant is like a full-size one's. */
const SOURCE_SCALE = 0.34;
/** demo/seed-demo.ts's pool of pictures. */
const DEMO_POOL = Array.from({ length: 36 }, (_, i) => 1000 + i);
/**
 * Rendered at 240 px wide to keep the test short (the SVG blur is most of its time): views are sampled from a
 * 128 px copy of the stored variant, so a 240 px one hashes as a 400 px one does.
 */
const DEMO_SCALE = 0.2;

const ctx = useTestContext();

/** Views packed as four 32-bit words each: comparing thousands of views by BigInt takes minutes. */
type Packed = Uint32Array;
const pack = (views: ViewHash[]): Packed =>
  Uint32Array.from(
    views.flatMap(({ dct, sim }) =>
      [dct, sim].flatMap((half) => [Number(BigInt.asUintN(64, half) >> 32n), Number(BigInt.asUintN(32, half))]),
    ),
  );
function popcount(x: number): number {
  x -= (x >>> 1) & 0x55555555;
  x = (x & 0x33333333) + ((x >>> 2) & 0x33333333);
  return (((x + (x >>> 4)) & 0x0f0f0f0f) * 0x01010101) >>> 24;
}
/**
 * The smallest distance between one of `queries` and one of `views`: bits differing in both halves, summed (the
 * rule fingerprint-store.ts applies in SQL).
 */
function closest(queries: Packed, views: Packed): number {
  let best = Infinity;
  for (let q = 0; q < queries.length; q += 4) {
    for (let v = 0; v < views.length; v += 4) {
      let bits = 0;
      for (let w = 0; w < 4; w++) bits += popcount(queries[q + w] ^ views[v + w]);
      if (bits < best) best = bits;
    }
  }
  return best;
}

/**
 * An upload's views, from its stored variant, with a fingerprint that matches no block's whole-picture or crop
 * rows: what is asserted is that the views alone find the block.
 */
async function asUploaded(image: Buffer) {
  const stored = await storedVariant(image);
  const views = await queryViewHashes(stored);
  const fingerprint: PhotoFingerprint = {
    sha256: "0".repeat(64),
    perceptualHash: null,
    hasher: "none",
    cropHashes: [],
  };
  return { fingerprint, views, packed: pack(views) };
}

/** Runs `work` over `items`, a few at a time (sharp's work runs on libuv's threads). */
async function eachConcurrently<T>(items: T[], work: (item: T) => Promise<void>, width = 4) {
  let next = 0;
  await Promise.all(
    Array.from({ length: width }, async () => {
      while (next < items.length) await work(items[next++]);
    }),
  );
}

describe("edited copies of a blocked picture are refused; distinct pictures are not", () => {
  type Source = { seed: number; image: Buffer; views: Packed };
  const sources: Source[] = [];
  const demo: { seed: number; image: Buffer; queries: Packed; views: Packed }[] = [];

  before(async () => {
    const [{ id: adminId }] = await ctx.app.db.select({ id: admins.id }).from(admins).limit(1);
    const owner = await registerModel(ctx.app);
    for (const seed of SOURCES) {
      const image = await demoPhoto(seed, SOURCE_SCALE);
      const res = await postPhoto(ctx.app, owner.token, image);
      assert.equal(res.statusCode, 201, res.body);
      const photoId: number = res.json().photo.id;
      await ctx.app.db.transaction((tx) =>
        blockPhotoFingerprints(tx, {
          photoIds: [photoId],
          reason: "removida pela moderação",
          adminId,
          caseId: seed,
          storage: ctx.app.storage,
        }),
      );
      const rows = await ctx.app.db
        .select()
        .from(blockedPhotoFingerprints)
        .where(eq(blockedPhotoFingerprints.photoId, photoId));
      const viewRows = rows.filter((row) => row.variant >= VIEW_VARIANT);
      assert.equal(viewRows.length, BLOCK_VIEWS.length, "the block stored every view at once");
      sources.push({
        seed,
        image,
        views: pack(viewRows.map((row) => ({ dct: row.perceptualHash!, sim: row.detailHash! }))),
      });
    }
    await eachConcurrently(DEMO_POOL, async (seed) => {
      const image = await demoPhoto(seed, DEMO_SCALE);
      const stored = await storedVariant(image);
      demo.push({
        seed,
        image,
        queries: pack(await queryViewHashes(stored)),
        views: pack(await blockViewHashes(stored)),
      });
    });
  });

  test("every edit of every blocked source is refused, and is close to its own source only", async (t) => {
    const worst = new Map<string, number>();
    let closestUnrelated = Infinity;
    const cases = sources.flatMap((source) => EDITS.map((edit) => ({ source, edit })));
    await eachConcurrently(cases, async ({ source, edit }) => {
      const copy = await asUploaded(await edit.apply(source.image));
      const own = closest(copy.packed, source.views);
      worst.set(edit.name, Math.max(worst.get(edit.name) ?? 0, own));
      assert.ok(
        await isBlockedPicture(ctx.app.db, copy.fingerprint, copy.views),
        `${edit.name} of ${source.seed} passed (closest view ${own} bits)`,
      );
      const unrelated = [
        ...sources.filter((other) => other !== source).map((other) => other.views),
        ...demo.map((picture) => picture.views),
      ];
      closestUnrelated = Math.min(closestUnrelated, ...unrelated.map((views) => closest(copy.packed, views)));
    });
    t.diagnostic(
      `bits to the source's closest view, worst of ${SOURCES.length} sources: ` +
        [...worst].map(([name, bits]) => `${name} ${bits}`).join("; "),
    );
    t.diagnostic(`edited copies against unrelated pictures' views: closest ${closestUnrelated} bits`);
    assert.ok(Math.max(...worst.values()) <= ROBUST_MATCH_DISTANCE);
    assert.ok(
      closestUnrelated > ROBUST_MATCH_DISTANCE,
      `an edited copy matched another picture at ${closestUnrelated}`,
    );
  });

  test("no demo picture matches another one, nor a blocked picture", async (t) => {
    const pairs: number[] = [];
    for (const a of demo) {
      for (const b of demo) if (a !== b) pairs.push(closest(a.queries, b.views));
    }
    const histogram = new Map<number, number>();
    for (const bits of pairs) histogram.set(bits, (histogram.get(bits) ?? 0) + 1);
    const nearest = [...histogram].sort(([a], [b]) => a - b).slice(0, 5);
    t.diagnostic(
      `${pairs.length} ordered pairs of the ${demo.length} demo pictures (queries against the other's ${BLOCK_VIEWS.length} views): ` +
        nearest.map(([bits, count]) => `${count} at ${bits}`).join(", "),
    );
    assert.ok(Math.min(...pairs) > ROBUST_MATCH_DISTANCE);

    // Through the lookup an upload makes (its whole fingerprint too) against the blocked sources.
    await eachConcurrently(demo, async (picture) => {
      const stored = await storedVariant(picture.image);
      const [fingerprint, views] = await Promise.all([fingerprintPhoto(stored), queryViewHashes(stored)]);
      assert.equal(await isBlockedPicture(ctx.app.db, fingerprint, views), false, `demo ${picture.seed}`);
    });
  });
});
