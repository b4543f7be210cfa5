import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { bearer, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { signPhotoAccess } from "./signed-url";
import { addPhoto } from "./test-support";

const ctx = useTestContext();

const get = (url: string) => ctx.app.inject({ method: "GET", url });
const gallery = async (token: string) => {
  const res = await ctx.app.inject({ method: "GET", url: "/api/models/photos", headers: bearer(token) });
  return res.json().photos as { id: number; url: string; variants: { url: string }[] }[];
};
const setPublic = (token: string, id: number, isPublic: boolean) =>
  ctx.app.inject({
    method: "PATCH",
    url: `/api/models/photos/${id}/visibility`,
    headers: bearer(token),
    payload: { is_public: isPublic },
  });
const sessionVersionOf = async (id: number) =>
  (await ctx.app.db.select({ v: models.sessionVersion }).from(models).where(eq(models.id, id)))[0]!.v;

// The models here have no paid plan, so their photos are never public: only the signature can open them.
describe("owner-signed photo URLs", () => {
  test("work for the owner, and live at most one hour", async () => {
    const { token } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token);
    const res = await get(photo.url);
    assert.equal(res.statusCode, 200);
    const exp = Number(new URL(photo.url, "http://x").searchParams.get("exp"));
    const lifetime = exp - Date.now() / 1000;
    assert.ok(lifetime > 0 && lifetime <= 3600, `lives ${lifetime} s`);
    const maxAge = Number(/max-age=(\d+)/.exec(String(res.headers["cache-control"]))![1]);
    assert.ok(maxAge <= 3600);
  });

  test("stop working when the password changes (every session ends, and so do the URLs)", async () => {
    const { token, body } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token);
    const urls = [photo.url, ...(await gallery(token))[0]!.variants.map((v) => v.url)];
    for (const url of urls) assert.equal((await get(url)).statusCode, 200, url);

    const change = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/account/password",
      headers: bearer(token),
      payload: { current_password: body.password, new_password: "outra-senha-forte-456" },
    });
    assert.equal(change.statusCode, 200, change.body);
    for (const url of urls) assert.equal((await get(url)).statusCode, 404, url);

    // The new session gets URLs that work.
    const fresh = change.json().token as string;
    assert.equal((await get((await gallery(fresh))[0]!.url)).statusCode, 200);
  });

  test("a URL signed while public stops working once the photo is private, and the other way round", async () => {
    const { token } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token, { is_public: "true" });
    const signedWhilePublic = photo.url;
    assert.equal((await get(signedWhilePublic)).statusCode, 200);

    const made = await setPublic(token, photo.id, false);
    assert.equal(made.statusCode, 200);
    assert.equal((await get(signedWhilePublic)).statusCode, 404);
    const signedWhilePrivate = made.json().photo.url as string;
    assert.equal((await get(signedWhilePrivate)).statusCode, 200);

    await setPublic(token, photo.id, true);
    assert.equal((await get(signedWhilePrivate)).statusCode, 404);
    assert.equal((await get((await gallery(token))[0]!.url)).statusCode, 200);
  });

  test("a deleted photo's URL, an expired signature and one from far in the future are refused", async () => {
    const { token, id } = await registerModel(ctx.app);
    const photo = await addPhoto(ctx.app, token);
    const state = { filename: photo.filename, isPublic: false, sessionVersion: await sessionVersionOf(id) };
    const base = photo.url.split("?")[0];
    const at = (msAgo: number) => signPhotoAccess(ctx.config.jwtSecret, state, new Date(Date.now() - msAgo));

    const current = at(0);
    assert.equal((await get(`${base}?exp=${current.exp}&sig=${current.sig}`)).statusCode, 200);
    const expired = at(61 * 60_000);
    assert.equal((await get(`${base}?exp=${expired.exp}&sig=${expired.sig}`)).statusCode, 404);
    const future = at(-3 * 3600_000);
    assert.equal((await get(`${base}?exp=${future.exp}&sig=${future.sig}`)).statusCode, 404);

    await ctx.app.inject({ method: "DELETE", url: `/api/models/photos/${photo.id}`, headers: bearer(token) });
    assert.equal((await get(photo.url)).statusCode, 404);
  });
});
