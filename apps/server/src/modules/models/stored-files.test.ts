import assert from "node:assert/strict";
import { existsSync, mkdtempSync, rmSync, statSync, utimesSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { buffer } from "node:stream/consumers";
import { describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { pendingFileDeletions } from "../../db/schema";
import { createLocalStorage } from "../../plugins/storage";
import { bearer, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { photoFileKeys, queuePhotoFileDeletions, sweepStorage } from "./stored-files";
import { addPhoto } from "../photos/test-support";
import { readVerificationFile } from "../verification/files";
import { pendingOf, sendVerification } from "../verification/test-support";

const ctx = useTestContext();

const modeOf = (file: string) => (statSync(file).mode & 0o777).toString(8);

describe("local storage: stage, commit, delete", () => {
  test("a staged file is invisible until committed; files 0600 and folders 0700 whatever the umask", async () => {
    const root = mkdtempSync(path.join(tmpdir(), "vitrine-storage-"));
    const previous = process.umask(0o022);
    try {
      const storage = createLocalStorage(path.join(root, "uploads"));
      await storage.stage("photos/a-400.webp", Buffer.from("x"), "image/webp");
      assert.equal(await storage.get("photos/a-400.webp"), null);
      assert.deepEqual(
        (await storage.listStaged()).map((s) => s.key),
        ["photos/a-400.webp"],
      );
      await storage.commit("photos/a-400.webp");
      await storage.commit("photos/a-400.webp"); // moved already: not an error
      assert.equal((await storage.get("photos/a-400.webp"))?.size, 1);
      assert.deepEqual(await storage.listStaged(), []);

      const uploads = path.join(root, "uploads");
      for (const dir of [uploads, path.join(uploads, ".staging"), path.join(uploads, "photos")]) {
        assert.equal(modeOf(dir), "700", dir);
      }
      assert.equal(modeOf(path.join(uploads, "photos", "a-400.webp")), "600");
      await storage.put("photos/b-400.webp", Buffer.from("y"), "image/webp");
      assert.equal(modeOf(path.join(uploads, "photos", "b-400.webp")), "600");

      await storage.stage("photos/b-400.webp", Buffer.from("z"), "image/webp");
      await storage.delete("photos/b-400.webp");
      assert.equal(await storage.get("photos/b-400.webp"), null);
      assert.deepEqual(await storage.listStaged(), []);
      await assert.rejects(storage.commit("photos/c-400.webp"), /ENOENT/);
    } finally {
      process.umask(previous);
      rmSync(root, { recursive: true, force: true });
    }
  });
});

describe("sweepStorage", () => {
  const uploads = () => path.join(ctx.config.dataDir, "uploads");

  test("removes the files of queued deletions and forgets the queue rows", async () => {
    const { token } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token);
    const files = photoFileKeys(photo.filename).map((key) => path.join(uploads(), key));
    for (const file of files) assert.ok(existsSync(file));
    // As if the process died right after a deletion committed: the row is queued, the files are still there.
    const queued = await queuePhotoFileDeletions(ctx.app.db, [photo.filename]);

    const result = await sweepStorage({ db: ctx.app.db, storage: ctx.app.storage });
    assert.equal(result.deleted, 3);
    for (const file of files) assert.equal(existsSync(file), false);
    const left = await ctx.app.db.select().from(pendingFileDeletions).where(eq(pendingFileDeletions.id, queued[0]!.id));
    assert.deepEqual(left, []);
  });

  test("moves staged files of a committed photo into place; removes unowned ones once past the grace period", async () => {
    const { token } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token);
    const storage = ctx.app.storage;
    const [key] = photoFileKeys(photo.filename);
    // As if the process died after the commit, before the move: the photo's file is back in staging.
    await storage.delete(key!);
    await storage.stage(key!, Buffer.from("webp"), "image/webp");
    const orphanOld = "photos/" + "a".repeat(32) + "-400.webp";
    const orphanNew = "photos/" + "b".repeat(32) + "-400.webp";
    await storage.stage(orphanOld, Buffer.from("x"), "image/webp");
    await storage.stage(orphanNew, Buffer.from("x"), "image/webp");
    const hourAgo = new Date(Date.now() - 3600_000);
    utimesSync(path.join(uploads(), ".staging", orphanOld), hourAgo, hourAgo);

    const result = await sweepStorage({ db: ctx.app.db, storage, stagedGraceMs: 10 * 60_000 });
    assert.deepEqual(result, { deleted: 0, committed: 1, discarded: 1 });
    assert.ok(await storage.get(key!));
    assert.deepEqual(
      (await storage.listStaged()).map((s) => s.key),
      [orphanNew],
    );
    const res = await ctx.app.inject({ method: "GET", url: photo.url });
    assert.equal(res.statusCode, 200);

    await sweepStorage({ db: ctx.app.db, storage, stagedGraceMs: 0 });
    assert.deepEqual(await storage.listStaged(), []);
  });

  test("moves the staged files of a committed verification into place, even at start-up (no grace)", async () => {
    const model = await registerModel(ctx.app);
    const sent = await sendVerification(ctx.app, model.token);
    assert.equal(sent.statusCode, 201, sent.body);
    const pending = await pendingOf(ctx.app, model.id);
    const keys = [pending.documentFileKey!, pending.selfieFileKey!];
    const storage = ctx.app.storage;
    // As if the process died after the submission committed, before its files were moved into place.
    for (const key of keys) {
      const sealed = await buffer((await storage.get(key))!.stream);
      await storage.delete(key);
      await storage.stage(key, sealed, "application/octet-stream");
    }
    const orphan = "verification/" + "c".repeat(32) + ".bin";
    await storage.stage(orphan, Buffer.from("x"), "application/octet-stream");

    const result = await sweepStorage({ db: ctx.app.db, storage, stagedGraceMs: 0 });
    assert.deepEqual(result, { deleted: 0, committed: 2, discarded: 1 });
    for (const key of keys) assert.ok(await readVerificationFile(ctx.app, key), key);
    assert.deepEqual(await storage.listStaged(), []);
  });

  test("a deleted photo and a deleted account leave neither files nor queue rows", async () => {
    const { token, body } = await registerModel(ctx.app);
    const kept = await addPhoto(ctx.app, token);
    const removed = await addPhoto(ctx.app, token);
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/models/photos/${removed.id}`,
      headers: bearer(token),
    });
    assert.equal(del.statusCode, 200);
    for (const key of photoFileKeys(removed.filename)) assert.equal(await ctx.app.storage.get(key), null);

    const account = await ctx.app.inject({
      method: "DELETE",
      url: "/api/models/account",
      headers: bearer(token),
      payload: { password: body.password },
    });
    assert.equal(account.statusCode, 200, account.body);
    for (const key of photoFileKeys(kept.filename)) assert.equal(await ctx.app.storage.get(key), null);
    assert.deepEqual(await ctx.app.db.select().from(pendingFileDeletions), []);
  });
});
