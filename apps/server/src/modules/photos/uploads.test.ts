import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { photoUrl } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { bearer, makeVisible, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { signPhotoAccess } from "./signed-url";
import { addPhoto } from "./test-support";

const ctx = useTestContext();

const get = (url: string) => ctx.app.inject({ method: "GET", url });
const setPublic = (token: string, id: number, isPublic: boolean) =>
  ctx.app.inject({
    method: "PATCH",
    url: `/api/models/photos/${id}/visibility`,
    headers: bearer(token),
    payload: { is_public: isPublic },
  });

async function visibleModelWithPhoto(fields: Record<string, string> = {}) {
  const model = await registerModel(ctx.app);
  await makeVisible(ctx.app, model.id);
  const photo = await addPhoto(ctx.app, model.token, fields);
  return { ...model, photo };
}

describe("GET /uploads/photos/:name", () => {
  test("a public photo of a visible model is served to anyone, with a public cache", async () => {
    const { photo } = await visibleModelWithPhoto({ is_public: "true" });
    for (const width of [400, 800, 1600] as const) {
      const res = await get(photoUrl(photo.filename, width));
      assert.equal(res.statusCode, 200);
      assert.equal(res.headers["content-type"], "image/webp");
      assert.match(String(res.headers["cache-control"]), /^private, max-age=\d+$/);
      assert.equal(res.rawPayload.subarray(8, 12).toString(), "WEBP");
    }
  });

  test("a private photo is 404 to the public, but its owner's signed URL works", async () => {
    const { token, photo } = await visibleModelWithPhoto();
    const publicRes = await get(photoUrl(photo.filename));
    assert.equal(publicRes.statusCode, 404);
    assert.equal(publicRes.headers["cache-control"], "no-store");

    assert.match(photo.url, /^\/uploads\/photos\/[a-f0-9]{32}-800\.webp\?exp=\d+&sig=[\w-]+$/);
    const signed = await get(photo.url);
    assert.equal(signed.statusCode, 200);
    assert.equal(signed.headers["content-type"], "image/webp");
    assert.match(String(signed.headers["cache-control"]), /^private, max-age=\d+$/);

    // The profile hands out the same kind of URL.
    const profile = await ctx.app.inject({ method: "GET", url: "/api/models/profile", headers: bearer(token) });
    const listed = profile.json().photos.find((p: { id: number }) => p.id === photo.id);
    assert.equal((await get(listed.url)).statusCode, 200);
  });

  test("forged, expired or borrowed signatures are 404", async () => {
    const { photo } = await visibleModelWithPhoto();
    const other = await visibleModelWithPhoto();
    const [, query] = photo.url.split("?");
    const params = new URLSearchParams(query);
    const base = photoUrl(photo.filename);

    const tampered = `${base}?exp=${params.get("exp")}&sig=${params.get("sig")!.slice(0, -2)}AA`;
    const laterExp = `${base}?exp=${Number(params.get("exp")) + 3600}&sig=${params.get("sig")}`;
    const state = { filename: photo.filename, isPublic: false, sessionVersion: 0 };
    const expired = signPhotoAccess(ctx.config.jwtSecret, state, new Date(Date.now() - 3 * 3600_000));
    const otherPhotoSig = `${base}?${other.photo.url.split("?")[1]}`;
    const wrongKey = signPhotoAccess("outra-chave", state);
    for (const url of [
      tampered,
      laterExp,
      `${base}?exp=${expired.exp}&sig=${expired.sig}`,
      otherPhotoSig,
      `${base}?exp=${wrongKey.exp}&sig=${wrongKey.sig}`,
      `${base}?exp=abc&sig=x`,
      `${base}?exp=1&exp=2&sig=x`,
    ]) {
      assert.equal((await get(url)).statusCode, 404, url);
    }
  });

  test("a public photo of a hidden model is 404 (no plan, inactive, expired, deleted)", async () => {
    const noPlan = await registerModel(ctx.app);
    const noPlanPhoto = await addPhoto(ctx.app, noPlan.token, { is_public: "true" });
    assert.equal((await get(photoUrl(noPlanPhoto.filename))).statusCode, 404);
    assert.equal((await get(noPlanPhoto.url)).statusCode, 200, "the owner still sees it");

    const { id, photo } = await visibleModelWithPhoto({ is_public: "true" });
    const url = photoUrl(photo.filename);
    assert.equal((await get(url)).statusCode, 200);

    await ctx.app.db.update(models).set({ isActive: false }).where(eq(models.id, id));
    assert.equal((await get(url)).statusCode, 404, "inactive");
    await ctx.app.db.update(models).set({ isActive: true, nextDueDate: todayInSaoPaulo() }).where(eq(models.id, id));
    assert.equal((await get(url)).statusCode, 404, "plan due today");
    await makeVisible(ctx.app, id);
    assert.equal((await get(url)).statusCode, 200);
    await ctx.app.db.update(models).set({ deletedAt: new Date() }).where(eq(models.id, id));
    assert.equal((await get(url)).statusCode, 404, "deleted");
  });

  test("turning a photo private hides it at once", async () => {
    const { token, photo } = await visibleModelWithPhoto({ is_public: "true" });
    assert.equal((await get(photoUrl(photo.filename))).statusCode, 200);
    await setPublic(token, photo.id, false);
    assert.equal((await get(photoUrl(photo.filename))).statusCode, 404);
  });

  test("unknown names, other widths and path tricks all answer the same 404", async () => {
    const { photo } = await visibleModelWithPhoto({ is_public: "true" });
    const unknown = await get(photoUrl("0".repeat(32)));
    assert.equal(unknown.statusCode, 404);
    const private404 = unknown.json();
    for (const url of [
      `/uploads/photos/${photo.filename}-500.webp`,
      `/uploads/photos/${photo.filename}.webp`,
      `/uploads/photos/${photo.filename}-800.jpg`,
      `/uploads/photos/${photo.filename.toUpperCase()}-800.webp`,
      "/uploads/photos/..%2F..%2Fjwt-secret",
      "/uploads/photos/%2e%2e%2fjwt-secret",
      "/uploads/photos/jwt-secret",
      `/uploads/photos/${photo.filename}-800.webp/x`,
    ]) {
      const res = await get(url);
      assert.equal(res.statusCode, 404, url);
      assert.deepEqual(res.json(), private404, url);
      assert.notEqual(res.headers["content-type"], "image/webp");
    }
    // Dot segments are resolved before routing: this is /jwt-secret, which nothing serves.
    assert.equal((await get("/uploads/photos/../../jwt-secret")).statusCode, 404);
  });
});
