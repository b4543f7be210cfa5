import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { describe, test } from "node:test";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { jobRuns, photos } from "../db/schema";
import { photoKey } from "../lib/photo-processing";
import { buildModel } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import { PHOTO_FINGERPRINTS_JOB, photoFingerprintsJob } from "./photo-fingerprints";
import { createScheduler } from "./scheduler";

const ctx = useTestContext();

/** A photo row stored as before fingerprints existed: its files, no fingerprint. */
async function storedPhoto(modelId: number, missingFile = false): Promise<number> {
  const filename = randomBytes(16).toString("hex");
  const noise = await sharp(randomBytes(400 * 300 * 3), { raw: { width: 400, height: 300, channels: 3 } })
    .webp()
    .toBuffer();
  if (!missingFile) await ctx.app.storage.put(photoKey(filename, 400), noise, "image/webp");
  const [row] = await ctx.app.db
    .insert(photos)
    .values({ modelId, filename, width: 400, height: 300 })
    .returning({ id: photos.id });
  return row.id;
}

describe("photo-fingerprints job", () => {
  test("fingerprints the photos stored without one and carries on after the last id it reached", async () => {
    const modelId = await buildModel(ctx.app);
    const unreadable = await storedPhoto(modelId, true);
    const first = await storedPhoto(modelId);
    const scheduler = createScheduler({ app: ctx.app, database: ctx.database, jobs: [photoFingerprintsJob] });
    assert.equal(await scheduler.runJob(PHOTO_FINGERPRINTS_JOB), "ran");

    const rows = await ctx.app.db.select().from(photos).where(eq(photos.modelId, modelId));
    const byId = new Map(rows.map((r) => [r.id, r]));
    assert.match(byId.get(first)!.sha256!, /^[0-9a-f]{64}$/);
    assert.equal(typeof byId.get(first)!.perceptualHash, "bigint");
    assert.equal(byId.get(unreadable)!.hasher, null, "a photo without its file is left as it is");
    const [run] = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, PHOTO_FINGERPRINTS_JOB));
    assert.deepEqual(run.state, { afterId: first });

    const later = await storedPhoto(modelId);
    // Another instance's run a minute later, under the same lock: it starts after the last id reached.
    const next = createScheduler({
      app: ctx.app,
      database: ctx.database,
      jobs: [photoFingerprintsJob],
      now: () => new Date(Date.now() + 60_000),
    });
    assert.equal(await next.runJob(PHOTO_FINGERPRINTS_JOB), "ran");
    const [laterRow] = await ctx.app.db.select().from(photos).where(eq(photos.id, later));
    assert.ok(laterRow.sha256);
    const [again] = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, PHOTO_FINGERPRINTS_JOB));
    assert.deepEqual(again.state, { afterId: later });
  });
});
