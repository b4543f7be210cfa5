import assert from "node:assert/strict";
import { existsSync } from "node:fs";
import path from "node:path";
import { describe, test } from "node:test";
import { PHOTO_WIDTHS, PHOTOS_PER_MODEL_MAX } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { photos } from "../../db/schema";
import { bearer, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { addPhoto, makePng, postPhoto } from "./test-support";

const ctx = useTestContext();

const storedFiles = (filename: string) =>
  PHOTO_WIDTHS.map((w) => path.join(ctx.config.dataDir, "uploads", "photos", `${filename}-${w}.webp`));
const rowsOf = (modelId: number) => ctx.app.db.select().from(photos).where(eq(photos.modelId, modelId));

describe("primary photo", () => {
  const primaries = async (modelId: number) => (await rowsOf(modelId)).filter((p) => p.isPrimary).map((p) => p.id);

  test("exactly one primary while photos exist; deleting the primary promotes another", async () => {
    const { token, id } = await registerModel(ctx.app);
    const first = await addPhoto(ctx.app, token);
    assert.deepEqual(await primaries(id), [first.id]);

    const second = await addPhoto(ctx.app, token, { is_primary: "true", is_public: "true" });
    assert.deepEqual(await primaries(id), [second.id]);

    const third = await addPhoto(ctx.app, token, { is_public: "true" });
    assert.equal(third.is_primary, false);
    assert.deepEqual(await primaries(id), [second.id]);

    const patch = await ctx.app.inject({
      method: "PATCH",
      url: `/api/models/photos/${first.id}/primary`,
      headers: bearer(token),
    });
    assert.equal(patch.statusCode, 200);
    assert.equal(patch.json().photo.is_primary, true);
    assert.deepEqual(await primaries(id), [first.id]);

    // Deleting the (private) primary promotes the newest public photo.
    const del = await ctx.app.inject({
      method: "DELETE",
      url: `/api/models/photos/${first.id}`,
      headers: bearer(token),
    });
    assert.equal(del.statusCode, 200);
    assert.deepEqual(del.json(), { success: true });
    assert.deepEqual(await primaries(id), [third.id]);
    for (const file of storedFiles(first.filename)) assert.equal(existsSync(file), false);

    await ctx.app.inject({ method: "DELETE", url: `/api/models/photos/${third.id}`, headers: bearer(token) });
    assert.deepEqual(await primaries(id), [second.id]);
    await ctx.app.inject({ method: "DELETE", url: `/api/models/photos/${second.id}`, headers: bearer(token) });
    assert.deepEqual(await rowsOf(id), []);

    const again = await addPhoto(ctx.app, token);
    assert.equal(again.is_primary, true);
  });

  test("concurrent uploads keep one primary and respect the cap", async () => {
    const { token, id } = await registerModel(ctx.app);
    const png = await makePng();
    const results = await Promise.all(
      Array.from({ length: 4 }, () => postPhoto(ctx.app, token, png, { is_primary: "true" }, "a.png")),
    );
    assert.deepEqual(
      results.map((r) => r.statusCode),
      [201, 201, 201, 201],
    );
    assert.equal((await primaries(id)).length, 1);

    await ctx.app.db.insert(photos).values(
      Array.from({ length: PHOTOS_PER_MODEL_MAX - 5 }, (_, i) => ({
        modelId: id,
        filename: `race${id}x${i}`,
        width: 10,
        height: 10,
      })),
    );
    const race = await Promise.all(Array.from({ length: 3 }, () => postPhoto(ctx.app, token, png, {}, "b.png")));
    assert.deepEqual(race.map((r) => r.statusCode).sort(), [201, 400, 400]);
    assert.equal((await rowsOf(id)).length, PHOTOS_PER_MODEL_MAX);
  });

  test("GET lists the gallery, primary first", async () => {
    const { token } = await registerModel(ctx.app);
    const a = await addPhoto(ctx.app, token);
    const b = await addPhoto(ctx.app, token);
    const res = await ctx.app.inject({ method: "GET", url: "/api/models/photos", headers: bearer(token) });
    assert.equal(res.statusCode, 200);
    assert.deepEqual(
      res.json().photos.map((p: { id: number }) => p.id),
      [a.id, b.id],
    );
  });
});

describe("visibility and ownership", () => {
  test("PATCH visibility toggles is_public and validates the body", async () => {
    const { token, id } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token);
    const url = `/api/models/photos/${photo.id}/visibility`;
    const on = await ctx.app.inject({ method: "PATCH", url, headers: bearer(token), payload: { is_public: true } });
    assert.equal(on.statusCode, 200);
    assert.equal(on.json().photo.is_public, true);
    assert.equal((await rowsOf(id))[0]!.isPublic, true);
    const off = await ctx.app.inject({ method: "PATCH", url, headers: bearer(token), payload: { is_public: false } });
    assert.equal(off.json().photo.is_public, false);
    const bad = await ctx.app.inject({ method: "PATCH", url, headers: bearer(token), payload: { is_public: "sim" } });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().details[0].path, "is_public");
    const badId = await ctx.app.inject({
      method: "PATCH",
      url: "/api/models/photos/abc/visibility",
      headers: bearer(token),
      payload: { is_public: true },
    });
    assert.equal(badId.statusCode, 400);
  });

  test("model B cannot touch model A's photo: 404 and nothing changes", async () => {
    const a = await registerModel(ctx.app);
    const b = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, a.token);
    await addPhoto(ctx.app, b.token);
    const attempts = [
      { method: "PATCH" as const, url: `/api/models/photos/${photo.id}/primary` },
      { method: "PATCH" as const, url: `/api/models/photos/${photo.id}/visibility`, payload: { is_public: true } },
      { method: "DELETE" as const, url: `/api/models/photos/${photo.id}` },
      { method: "DELETE" as const, url: `/api/models/photos/999999` },
    ];
    for (const attempt of attempts) {
      const res = await ctx.app.inject({ ...attempt, headers: bearer(b.token) });
      assert.equal(res.statusCode, 404, `${attempt.method} ${attempt.url}`);
      assert.equal(res.json().error, "Foto não encontrada");
    }
    const [row] = await rowsOf(a.id);
    assert.equal(row!.isPublic, false);
    assert.equal(row!.isPrimary, true);
    for (const file of storedFiles(photo.filename)) assert.ok(existsSync(file));
  });
});
