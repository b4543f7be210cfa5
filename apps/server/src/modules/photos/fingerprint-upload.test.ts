import assert from "node:assert/strict";
import { randomBytes } from "node:crypto";
import { before, describe, test } from "node:test";
import { PHOTO_BLOCKED_MESSAGE } from "@vitrine/contracts";
import { and, eq } from "drizzle-orm";
import { admins, blockedPhotoFingerprints, moderationCases, photos } from "../../db/schema";
import { photoKey, processPhoto } from "../../lib/photo-processing";
import { bearer, loginAdmin, makeVisible, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { openModerationCase } from "../moderation/service";
import { fingerprintPhoto } from "./fingerprint";
import { blockPhotoFingerprints, unblockPhotoFingerprints, VIEW_VARIANT } from "./fingerprint-store";
import { demoPhoto, EDITS, storedVariant, TRANSFORMS } from "./fingerprint-test-images";
import { DUPLICATE_PHOTO_FLAG, fingerprintStoredPhotos } from "./service";
import { postPhoto } from "./test-support";

const ctx = useTestContext();
let adminId: number;
before(async () => {
  [{ id: adminId }] = await ctx.app.db.select({ id: admins.id }).from(admins).limit(1);
});

async function upload(token: string, image: Buffer) {
  const res = await postPhoto(ctx.app, token, image);
  return { status: res.statusCode, body: res.json() };
}

async function uploaded(token: string, image: Buffer): Promise<number> {
  const res = await upload(token, image);
  assert.equal(res.status, 201, JSON.stringify(res.body));
  return res.body.photo.id;
}

/** A decision's block, as the moderation case BLOCKING_CASE would make it (blocks are per case). */
const BLOCKING_CASE = 999_999;
const block = (photoIds: number[]) =>
  ctx.app.db.transaction((tx) =>
    blockPhotoFingerprints(tx, { photoIds, reason: "removida pela moderação", adminId, caseId: BLOCKING_CASE }),
  );

const casesOf = (modelId: number) =>
  ctx.app.db
    .select()
    .from(moderationCases)
    .where(and(eq(moderationCases.modelId, modelId), eq(moderationCases.kind, "duplicate_photo")));

describe("a photo removed by moderation cannot be uploaded again", () => {
  test("the same file and its transformed copies are refused; different pictures pass", async () => {
    const original = await demoPhoto(101);
    const owner = await registerModel(ctx.app);
    const photoId = await uploaded(owner.token, original);
    assert.equal(await block([photoId]), 1);
    assert.equal(await block([photoId]), 0, "blocked once");

    const other = await registerModel(ctx.app);
    for (const who of [owner, other]) {
      const again = await upload(who.token, original);
      assert.equal(again.status, 400);
      assert.equal(again.body.error, PHOTO_BLOCKED_MESSAGE);
      assert.equal(again.body.code, "BAD_REQUEST");
    }
    for (const transform of TRANSFORMS) {
      const res = await upload(other.token, await transform.apply(original));
      assert.equal(res.status, 400, `${transform.name} passed`);
      assert.equal(res.body.error, PHOTO_BLOCKED_MESSAGE);
    }
    for (const seed of [102, 103, 104]) await uploaded(other.token, await demoPhoto(seed));
    const rows = await ctx.app.db.select().from(photos).where(eq(photos.modelId, other.id));
    assert.equal(rows.length, 3, "nothing refused was stored");
  });
});

describe("an admin's decision in the moderation queue", () => {
  test("hiding a photo blocks its picture: a cropped copy is refused on another account", async () => {
    const original = await demoPhoto(501);
    const owner = await registerModel(ctx.app);
    const photoId = await uploaded(owner.token, original);
    const { id: caseId } = await openModerationCase(ctx.app.db, { modelId: owner.id, photoId, kind: "report" });
    const decided = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/moderation/cases/${caseId}/decision`,
      headers: bearer(await loginAdmin(ctx.app)),
      payload: { action: "hide_photo", reason: "Foto de outra pessoa.", photo_id: photoId },
    });
    assert.equal(decided.statusCode, 200, decided.body);
    const other = await registerModel(ctx.app);
    const copy = await upload(other.token, await TRANSFORMS[10].apply(original));
    assert.equal(copy.status, 400);
    assert.equal(copy.body.error, PHOTO_BLOCKED_MESSAGE);
  });
});

/** The edits of security finding S7 an upload must not get through once the original is blocked (decision 058). */
const S7_EDITS = ["white border 10%", "cut 12% on the left", "mirrored", "rotated 3°"].map((name) =>
  EDITS.find((edit) => edit.name === name)!,
);

async function assertEditsRefused(token: string, original: Buffer) {
  for (const edit of S7_EDITS) {
    const res = await upload(token, await edit.apply(original));
    assert.equal(res.status, 400, `${edit.name} passed`);
    assert.deepEqual(res.body, { error: PHOTO_BLOCKED_MESSAGE, code: "BAD_REQUEST" });
  }
}

const viewRowsOf = async (photoId: number) =>
  (
    await ctx.app.db.select().from(blockedPhotoFingerprints).where(eq(blockedPhotoFingerprints.photoId, photoId))
  ).filter((row) => row.variant >= VIEW_VARIANT);

describe("an edited copy of a blocked photo (border, crop, mirror, rotation) is refused", () => {
  test("blocked with the storage at hand: refused at once, on any account; a different picture passes", async () => {
    const original = await demoPhoto(601, 0.4);
    const owner = await registerModel(ctx.app);
    const photoId = await uploaded(owner.token, original);
    const other = await registerModel(ctx.app);
    // Before the block, the mirrored copy is an ordinary upload (the test fails without the block's views).
    await uploaded(other.token, await S7_EDITS[2].apply(original));

    await ctx.app.db.transaction((tx) =>
      blockPhotoFingerprints(tx, {
        photoIds: [photoId],
        reason: "removida pela moderação",
        adminId,
        caseId: 601,
        storage: ctx.app.storage,
      }),
    );
    assert.ok((await viewRowsOf(photoId)).length > 100);
    await assertEditsRefused(other.token, original);
    await assertEditsRefused(owner.token, original);
    await uploaded(other.token, await demoPhoto(602, 0.4));
  });

  const decide = async (caseId: number, payload: Record<string, unknown>) => {
    const decided = await ctx.app.inject({
      method: "POST",
      url: `/api/admin/moderation/cases/${caseId}/decision`,
      headers: bearer(await loginAdmin(ctx.app)),
      payload,
    });
    assert.equal(decided.statusCode, 200, decided.body);
  };

  test("hidden by an admin's decision: refused at once; a reversal lifts the views with the rest", async () => {
    const original = await demoPhoto(611, 0.4);
    const owner = await registerModel(ctx.app);
    const photoId = await uploaded(owner.token, original);
    const { id: caseId } = await openModerationCase(ctx.app.db, { modelId: owner.id, photoId, kind: "report" });
    await decide(caseId, { action: "hide_photo", reason: "Foto de outra pessoa.", photo_id: photoId });
    const rows = await viewRowsOf(photoId);
    assert.ok(rows.length > 100 && rows.every((row) => row.caseId === caseId));
    const other = await registerModel(ctx.app);
    await assertEditsRefused(other.token, original);

    // A reversal on appeal lifts the decision's own rows, views included.
    await ctx.app.db.transaction((tx) => unblockPhotoFingerprints(tx, { caseId }));
    assert.deepEqual(await viewRowsOf(photoId), []);
  });

  test("a ban: the photo-fingerprints job gives its blocks their views, then the edits are refused", async () => {
    const original = await demoPhoto(631, 0.4);
    const owner = await registerModel(ctx.app);
    const photoId = await uploaded(owner.token, original);
    const { id: caseId } = await openModerationCase(ctx.app.db, { modelId: owner.id, photoId, kind: "report" });
    await decide(caseId, { action: "ban", reason: "Perfil falso." });
    assert.deepEqual(await viewRowsOf(photoId), [], "left to the job");
    const result = await fingerprintStoredPhotos({
      db: ctx.app.db,
      storage: ctx.app.storage,
      afterId: 0,
      budgetMs: 60_000,
    });
    assert.ok(result.blockViewsRecorded >= 1);
    assert.ok((await viewRowsOf(photoId)).length > 100);
    await assertEditsRefused((await registerModel(ctx.app)).token, original);
  });

  test("a block whose file is gone keeps its other rows and is not tried again", async () => {
    const original = await demoPhoto(621, 0.4);
    const owner = await registerModel(ctx.app);
    const photoId = await uploaded(owner.token, original);
    await block([photoId]);
    const [row] = await ctx.app.db.select().from(photos).where(eq(photos.id, photoId));
    await ctx.app.storage.delete(photoKey(row.filename, 400));
    await fingerprintStoredPhotos({ db: ctx.app.db, storage: ctx.app.storage, afterId: 0, budgetMs: 60_000 });
    const rows = await viewRowsOf(photoId);
    assert.deepEqual(
      rows.map((r) => [r.variant, r.perceptualHash, r.detailHash]),
      [[VIEW_VARIANT, null, null]],
    );
    const again = await upload(owner.token, original);
    assert.equal(again.status, 400, "the whole-picture rows still refuse the same picture");
  });
});

describe("the same picture on two accounts", () => {
  test("is accepted and flagged to the moderation queue; the same account or a different picture is not", async () => {
    const first = await registerModel(ctx.app);
    const image = await demoPhoto(201);
    const firstPhoto = await uploaded(first.token, image);
    await uploaded(first.token, image);
    await uploaded(first.token, await demoPhoto(202));
    assert.deepEqual(await casesOf(first.id), [], "her own copies are not flagged");

    const second = await registerModel(ctx.app);
    const exact = await uploaded(second.token, image);
    const resized = await uploaded(second.token, await TRANSFORMS[0].apply(await demoPhoto(202)));
    // Cut 5 % on one side: far from the whole picture's hash, close to the matching crop hash of the original.
    const cropped = await uploaded(second.token, await TRANSFORMS[7].apply(await demoPhoto(202)));
    await uploaded(second.token, await demoPhoto(203));
    const cases = await casesOf(second.id);
    assert.deepEqual(
      cases.map((c) => c.photoId).sort((a, b) => a! - b!),
      [exact, resized, cropped],
    );
    for (const flagged of cases) {
      assert.equal(flagged.status, "open");
      assert.ok(flagged.detail.startsWith(DUPLICATE_PHOTO_FLAG), flagged.detail);
      assert.match(flagged.detail, new RegExp(`modelo #${first.id}\\b`));
    }
    assert.match(cases.find((c) => c.photoId === exact)!.detail, new RegExp(`foto #${firstPhoto}\\b`));
  });
});

describe("fingerprints of photos stored before them (backfill)", () => {
  test("are computed from the stored file, equal to an upload's; a block recorded before is completed", async () => {
    const model = await registerModel(ctx.app);
    const images = [await demoPhoto(301), await demoPhoto(302)];
    const ids: number[] = [];
    for (const image of images) {
      const processed = await processPhoto(image);
      const filename = randomBytes(16).toString("hex");
      for (const v of processed.variants) await ctx.app.storage.put(photoKey(filename, v.width), v.data, "image/webp");
      const [row] = await ctx.app.db
        .insert(photos)
        .values({ modelId: model.id, filename, width: processed.width, height: processed.height })
        .returning({ id: photos.id });
      ids.push(row.id);
    }
    // Blocked while it has no fingerprint yet: recorded by its file, completed by the backfill.
    assert.equal(await block([ids[1]]), 1);
    const [pending] = await ctx.app.db
      .select()
      .from(blockedPhotoFingerprints)
      .where(eq(blockedPhotoFingerprints.photoId, ids[1]));
    assert.equal(pending.perceptualHash, null);
    assert.ok(pending.pendingFilename);

    const result = await fingerprintStoredPhotos({
      db: ctx.app.db,
      storage: ctx.app.storage,
      afterId: 0,
      budgetMs: 60_000,
    });
    assert.equal(result.done, true);
    assert.ok(result.fingerprinted >= 2);
    assert.equal(result.blocksCompleted, 1);
    for (const [i, id] of ids.entries()) {
      const [row] = await ctx.app.db.select().from(photos).where(eq(photos.id, id));
      const expected = await fingerprintPhoto(await storedVariant(images[i]));
      assert.deepEqual(
        { sha256: row.sha256, perceptualHash: row.perceptualHash, hasher: row.hasher, cropHashes: row.cropHashes },
        expected,
      );
    }
    const blockedRows = await ctx.app.db
      .select()
      .from(blockedPhotoFingerprints)
      .where(eq(blockedPhotoFingerprints.photoId, ids[1]));
    assert.ok(
      blockedRows.length > 1 && blockedRows.every((r) => r.pendingFilename === null && r.perceptualHash !== null),
    );

    const other = await registerModel(ctx.app);
    const copy = await upload(other.token, await TRANSFORMS[7].apply(images[1]));
    assert.equal(copy.status, 400);
    assert.equal(copy.body.error, PHOTO_BLOCKED_MESSAGE);
    const again = await fingerprintStoredPhotos({
      db: ctx.app.db,
      storage: ctx.app.storage,
      afterId: result.afterId,
      budgetMs: 60_000,
    });
    assert.deepEqual(again, {
      fingerprinted: 0,
      unreadable: 0,
      blocksCompleted: 0,
      blockViewsRecorded: 0,
      afterId: result.afterId,
      done: true,
    });
  });
});

describe("fingerprints are never sent", () => {
  test("not in the model's gallery, her profile, the public listing or the public profile", async () => {
    const model = await registerModel(ctx.app);
    await makeVisible(ctx.app, model.id);
    const photoId = await uploaded(model.token, await demoPhoto(401));
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/models/photos/${photoId}/visibility`,
      headers: bearer(model.token),
      payload: { is_public: true },
    });
    const [row] = await ctx.app.db.select().from(photos).where(eq(photos.id, photoId));
    const bodies = await Promise.all(
      [
        { url: "/api/models/photos", token: model.token },
        { url: "/api/models/profile", token: model.token },
        { url: "/api/models/public", token: null },
        { url: `/api/models/public/${model.id}`, token: null },
      ].map(async ({ url, token }) => {
        const res = await ctx.app.inject({ method: "GET", url, headers: token ? bearer(token) : {} });
        assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
        assert.ok(res.body.includes(row.filename), `${url} lists the photo`);
        return res.body;
      }),
    );
    for (const body of bodies) {
      assert.doesNotMatch(body, /sha256|perceptual|hasher|crop_hashes|cropHashes/i);
      assert.ok(!body.includes(row.sha256!));
      assert.ok(!body.includes(row.perceptualHash!.toString()));
    }
  });
});
