import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { PHOTO_WIDTHS, photoUrl } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { moderationCases, moderationEvidence, pendingFileDeletions } from "../../db/schema";
import { photoKey } from "../../lib/photo-processing";
import { bearer, buildPhoto, loginAdmin, makeVisible, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { startLocalS3, type LocalS3 } from "../../test/s3";
import { sweepStorage } from "../models/stored-files";
import { addNoisyPhoto, decide, report } from "../moderation/test-support";
import { pendingOf, sendVerification } from "../verification/test-support";
import { addPhoto } from "./test-support";

/**
 * The whole app on S3 storage (a real S3 API, s3rver, started here): photos go to the bucket and are still served
 * only through the checking route; the sweep, deletions, verification files and evidence work the same.
 */
let s3: LocalS3;
before(async () => {
  s3 = await startLocalS3();
});
const ctx = useTestContext(() => ({ s3: s3.config }));
after(async () => {
  await s3.close();
});

const get = (url: string) => ctx.app.inject({ method: "GET", url });
const objectsOf = (filename: string) => PHOTO_WIDTHS.map((w) => `uploads/${photoKey(filename, w)}`).sort();
const isWebp = (data: Buffer) => data.subarray(8, 12).toString() === "WEBP";

describe("photos in S3-compatible storage", () => {
  test("an upload lands in the bucket, nothing on local disk nor in staging; a public photo is served by the app", async () => {
    const model = await registerModel(ctx.app);
    await makeVisible(ctx.app, model.id);
    const photo = await addPhoto(ctx.app, model.token, { is_public: "true" });

    assert.deepEqual(await s3.keys(`uploads/photos/${photo.filename}`), objectsOf(photo.filename));
    assert.deepEqual(await s3.keys("uploads/.staging/"), []);
    assert.equal(existsSync(path.join(ctx.config.dataDir, "uploads")), false);
    for (const width of PHOTO_WIDTHS) {
      const res = await get(photoUrl(photo.filename, width));
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["content-type"], "image/webp");
      assert.equal(Number(res.headers["content-length"]), res.rawPayload.length);
      assert.ok(isWebp(res.rawPayload));
      assert.deepEqual(res.rawPayload, await s3.object(`uploads/${photoKey(photo.filename, width)}`));
    }
    // The app hands out its own route, never an address in the bucket.
    assert.match(photo.url, /^\/uploads\/photos\/[a-f0-9]{32}-800\.webp\?exp=\d+&sig=[\w-]+$/);
  });

  test("a private photo is refused to visitors; her signed URL works until her session version moves", async () => {
    const { token, body, id } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    const photo = await addPhoto(ctx.app, token);
    assert.equal(photo.is_public, false);
    const visitor = await get(photoUrl(photo.filename));
    assert.equal(visitor.statusCode, 404);
    assert.equal(visitor.headers["cache-control"], "no-store");

    const signed = await get(photo.url);
    assert.equal(signed.statusCode, 200);
    assert.ok(isWebp(signed.rawPayload));

    const change = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/account/password",
      headers: bearer(token),
      payload: { current_password: body.password, new_password: "outra-senha-forte-456" },
    });
    assert.equal(change.statusCode, 200, change.body);
    assert.equal((await get(photo.url)).statusCode, 404, "signed before the password change");
    const fresh = (await ctx.as(change.json().token).get("/api/models/photos")).json().photos[0].url as string;
    assert.equal((await get(fresh)).statusCode, 200);
  });

  test("deleting a photo removes its objects from the bucket and leaves nothing queued", async () => {
    const { token } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token);
    assert.equal((await s3.keys(`uploads/photos/${photo.filename}`)).length, 3);
    const res = await ctx.as(token).delete(`/api/models/photos/${photo.id}`);
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(await s3.keys(`uploads/photos/${photo.filename}`), []);
    assert.equal((await get(photo.url)).statusCode, 404);
    const queued = await ctx.app.db.select().from(pendingFileDeletions);
    assert.deepEqual(
      queued.filter((q) => q.fileKey.includes(photo.filename)),
      [],
    );
  });

  test("the sweep commits staged objects whose row committed and removes those whose row did not", async () => {
    const { id } = await registerModel(ctx.app);
    const committed = await buildPhoto(ctx.app, id);
    const orphan = "0123456789abcdef0123456789abcdef";
    for (const filename of [committed.filename, orphan]) {
      for (const width of PHOTO_WIDTHS) {
        await ctx.app.storage.stage(photoKey(filename, width), Buffer.from(filename), "image/webp");
      }
    }
    // Within the grace period an unowned object may belong to an upload in progress: it stays.
    const early = await sweepStorage({ db: ctx.app.db, storage: ctx.app.storage });
    assert.deepEqual(early, { deleted: 0, committed: 3, discarded: 0 });
    assert.deepEqual(await s3.keys(`uploads/photos/${committed.filename}`), objectsOf(committed.filename));
    assert.equal((await s3.keys(`uploads/.staging/photos/${orphan}`)).length, 3);

    const late = await sweepStorage({ db: ctx.app.db, storage: ctx.app.storage, stagedGraceMs: 0 });
    assert.deepEqual(late, { deleted: 0, committed: 0, discarded: 3 });
    assert.deepEqual(await s3.keys("uploads/.staging/"), []);
    assert.deepEqual(await s3.keys(`uploads/photos/${orphan}`), []);
    assert.equal((await ctx.app.storage.get(photoKey(committed.filename, 800)))?.size, 32);
  });

  test("identity-verification files are stored in the bucket encrypted, out of the uploads route's reach", async () => {
    const model = await registerModel(ctx.app);
    const res = await sendVerification(ctx.app, model.token);
    assert.equal(res.statusCode, 201, res.body);
    const pending = await pendingOf(ctx.app, model.id);
    for (const key of [pending.documentFileKey!, pending.selfieFileKey!]) {
      const sealed = await s3.object(`uploads/${key}`);
      assert.ok(sealed, key);
      assert.notEqual(sealed.readUInt16BE(0), 0xffd8, "not a JPEG in clear");
      assert.ok(!sealed.includes(Buffer.from("JFIF")));
      assert.notEqual((await get(`/uploads/${key}`)).statusCode, 200);
    }
    assert.deepEqual(await s3.keys("uploads/.staging/"), []);
  });

  test("evidence under legal hold goes to the bucket's evidence/, encrypted; the photos leave uploads/", async () => {
    const admin = await loginAdmin(ctx.app);
    const model = await registerModel(ctx.app);
    await makeVisible(ctx.app, model.id);
    const photo = await addNoisyPhoto(ctx.app, model.token);
    const reported = await report(ctx.app, "203.0.113.40", {
      model_id: model.id,
      category: "minor_or_exploitation",
      text: "veja",
    });
    assert.equal(reported.statusCode, 200, reported.body);
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, model.id));
    const res = await decide(ctx.app, admin, kase!.id, { action: "ban", reason: "Exploração.", legal_hold: true });
    assert.equal(res.statusCode, 200, res.body);

    assert.deepEqual(await s3.keys(`uploads/photos/${photo.filename}`), []);
    const [evidence] = await ctx.app.db
      .select()
      .from(moderationEvidence)
      .where(eq(moderationEvidence.caseId, kase!.id));
    assert.deepEqual(await s3.keys(`evidence/case-${kase!.id}/`), [`evidence/${evidence!.fileKey}`]);
    const sealed = (await s3.object(`evidence/${evidence!.fileKey}`))!;
    assert.equal(sealed.subarray(0, 4).toString(), "VTE1");
    assert.ok(!sealed.includes(Buffer.from("WEBP")), "encrypted: no image header in clear");
    assert.deepEqual(await s3.keys("evidence/.staging/"), []);

    const exported = await ctx.as(admin).get(`/api/admin/moderation/cases/${kase!.id}/evidence`);
    assert.equal(exported.statusCode, 200);
    assert.ok(isWebp(Buffer.from(exported.json().evidence[0].file.data, "base64")));
  });
});
