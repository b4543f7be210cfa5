// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import sharp from "sharp";
import { createRandom } from "../../demo/random";
import {
  bandsToSearch,
  CROPS,
  dctHasher,
  decodeGrey,
  fingerprintPhoto,
  hashBands,
  MATCH_DISTANCE,
  type PhotoFingerprint,
} from "./fingerprint";
import { demoPhoto, storedVariant, TRANSFORMS } from "./fingerprint-test-images";

const distance = (a: bigint, b: bigint) => {
  let diff = BigInt.asUintN(64, a ^ b);
  let count = 0;
  for (; diff; diff &= diff - 1n) count++;
  return count;
};

/** What blocking a photo stores: the whole picture's hash and its crops'. */
const blockedHashes = (f: PhotoFingerprint) => [f.perceptualHash!, ...f.cropHashes];
const closestBlocked = (blocked: PhotoFingerprint, upload: PhotoFingerprint) =>
  Math.min(...blockedHashes(blocked).map((h) => distance(h, upload.perceptualHash!)));

/** Fingerprinted as an upload is: from the stored 400 px WebP variant. */
const fingerprintUpload = async (image: Buffer) => fingerprintPhoto(await storedVariant(image));

describe("perceptual hash (pHash over the stored variant)", () => {
  const SOURCES = [9001, 9002, 9003, 9004];
  const DISTINCT = 24;
  let sources: { image: Buffer; fingerprint: PhotoFingerprint }[];
  let distinct: PhotoFingerprint[];
  before(async () => {
    sources = await Promise.all(
      SOURCES.map(async (seed) => {
        const image = await demoPhoto(seed);
        return { image, fingerprint: await fingerprintUpload(image) };
      }),
    );
    distinct = [];
    for (let seed = 7000; seed < 7000 + DISTINCT; seed++) distinct.push(await fingerprintUpload(await demoPhoto(seed)));
  });

  test("every transformed copy is within the match distance of what blocking its original stores", async (t) => {
    for (const transform of TRANSFORMS) {
      const whole: number[] = [];
      const blocked: number[] = [];
      for (const source of sources) {
        const copy = await fingerprintUpload(await transform.apply(source.image));
        whole.push(distance(copy.perceptualHash!, source.fingerprint.perceptualHash!));
        blocked.push(closestBlocked(source.fingerprint, copy));
      }
      t.diagnostic(
        `${transform.name}: whole picture ≤ ${Math.max(...whole)}, closest blocked hash ≤ ${Math.max(...blocked)}`,
      );
      assert.ok(Math.max(...blocked) <= MATCH_DISTANCE, `${transform.name}: ${blocked.join(",")}`);
      // A copy that keeps the whole picture also matches the other account's photo (the duplicate flag).
      if (!transform.crops) assert.ok(Math.max(...whole) <= MATCH_DISTANCE, `${transform.name}: ${whole.join(",")}`);
    }
  });

  test("distinct images stay further apart than the match distance, blocked crops included", (t) => {
    const pairs: number[] = [];
    const againstBlocked: number[] = [];
    for (let i = 0; i < distinct.length; i++) {
      for (let j = 0; j < distinct.length; j++) {
        if (i === j) continue;
        if (i < j) pairs.push(distance(distinct[i].perceptualHash!, distinct[j].perceptualHash!));
        againstBlocked.push(closestBlocked(distinct[i], distinct[j]));
      }
    }
    const closest = (values: number[]) => Math.min(...values);
    const within = (values: number[], d: number) => values.filter((v) => v <= d).length;
    t.diagnostic(
      `${pairs.length} pairs of distinct images: closest ${closest(pairs)}, ≤ 12: ${within(pairs, 12)}; ` +
        `${againstBlocked.length} against a blocked image's ${1 + CROPS.length} hashes: closest ${closest(againstBlocked)}, ≤ 12: ${within(againstBlocked, 12)}`,
    );
    assert.ok(closest(pairs) > MATCH_DISTANCE);
    assert.ok(closest(againstBlocked) > MATCH_DISTANCE);
  });
});

describe("fingerprint", () => {
  test("the SHA-256 is of the stored bytes; the same bytes give the same fingerprint", async () => {
    const stored = await storedVariant(await demoPhoto(42));
    const a = await fingerprintPhoto(stored);
    assert.deepEqual(await fingerprintPhoto(Buffer.from(stored)), a);
    assert.match(a.sha256, /^[0-9a-f]{64}$/);
    assert.equal(a.hasher, dctHasher.name);
    assert.equal(a.cropHashes.length, CROPS.length);
    const hex = (await dctHasher.hash(await decodeGrey(stored)))!;
    assert.equal(BigInt.asIntN(64, BigInt(`0x${hex}`)), a.perceptualHash);
    assert.equal(dctHasher.distance(hex, hex), 0);
    assert.equal(dctHasher.distance("0000000000000000", "00000000000000ff"), 8);
  });

  test("a flat picture has no perceptual hash (every flat picture would look alike): only its SHA-256", async () => {
    const flat = (background: string) =>
      sharp({ create: { width: 400, height: 300, channels: 3, background } })
        .webp()
        .toBuffer();
    const grey = await fingerprintPhoto(await flat("#808080"));
    const blue = await fingerprintPhoto(await flat("#1478c8"));
    assert.equal(grey.perceptualHash, null);
    assert.deepEqual(grey.cropHashes, []);
    assert.notEqual(grey.sha256, blue.sha256);
  });

  test("any hash within the match distance shares a searched value in at least one band", () => {
    const random = createRandom(7);
    const bits32 = () => BigInt(random.int(0, 2 ** 32 - 1));
    for (let round = 0; round < 2000; round++) {
      const hash = BigInt.asIntN(64, (bits32() << 32n) | bits32());
      let near = hash;
      const flips = new Set<number>();
      while (flips.size < MATCH_DISTANCE) flips.add(random.int(0, 63));
      for (const bit of flips) near = BigInt.asIntN(64, near ^ (1n << BigInt(bit)));
      const searched = bandsToSearch(hash);
      assert.ok(
        hashBands(near).some((value, band) => searched[band].includes(value)),
        `${hash} / ${near}`,
      );
    }
  });
});
