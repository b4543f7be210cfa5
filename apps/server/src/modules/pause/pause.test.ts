import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { PAUSE_UNVERIFIED_MESSAGE } from "@vitrine/contracts";
import { eventsDuring as publishedDuring } from "../../test/events";
import { bearer, loginAdmin, makeVisible, registerModel, updateModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext();

const pause = (token: string | null) =>
  ctx.app.inject({ method: "POST", url: "/api/models/pause", headers: token ? bearer(token) : {} });
const resume = (token: string | null) =>
  ctx.app.inject({ method: "DELETE", url: "/api/models/pause", headers: token ? bearer(token) : {} });
const get = (url: string) => ctx.app.inject({ method: "GET", url });
const ownProfile = async (token: string) =>
  (await ctx.app.inject({ method: "GET", url: "/api/models/profile", headers: bearer(token) })).json().model;
const eventsDuring = (fn: () => Promise<unknown>) => publishedDuring(ctx.app, fn);

type Card = { id: number };
const ids = (body: { models: Card[] }) => body.models.map((m) => m.id);

/** Everything public a visitor can ask about her: each answer says whether she is in it. */
async function publicAnswers(id: number, cityId: number, name: string) {
  const all = (await get("/api/models/public?limit=100")).json();
  const city = (await get(`/api/models/public?city_id=${cityId}`)).json();
  const filtered = (await get(`/api/models/public?city_id=${cityId}&ordem=recentes`)).json();
  const search = (await get(`/api/models/public?search=${encodeURIComponent(name)}`)).json();
  const cards = (await get(`/api/models/public/cards?ids=${id}`)).json();
  const cities = (await get("/api/cities")).json() as { cities: { id: number; models_count: number }[] };
  const profile = await get(`/api/models/public/${id}`);
  return {
    list: ids(all).includes(id),
    city: ids(city).includes(id) && city.pagination.total === 1,
    filtered: ids(filtered).includes(id),
    search: ids(search).includes(id),
    favourites: ids(cards).includes(id),
    cities: cities.cities.find((c) => c.id === cityId)?.models_count ?? 0,
    profile: profile.statusCode,
  };
}

const SHOWN = { list: true, city: true, filtered: true, search: true, favourites: true, cities: 1, profile: 200 };
const HIDDEN = { list: false, city: false, filtered: false, search: false, favourites: false, cities: 0, profile: 404 };

describe("Pausar anúncio", () => {
  test("a pause takes her out of every public answer at once, Retomar brings her back; the plan runs on", async () => {
    const name = "Lavínia Pausada";
    const cityId = 4314902; // Porto Alegre
    const { token, id } = await registerModel(ctx.app, { name, municipio_id: cityId, estado_id: 43 });
    await makeVisible(ctx.app, id);
    const { next_due_date: due } = await ownProfile(token);
    // Every answer read (and cached) before the pause.
    assert.deepEqual(await publicAnswers(id, cityId, name), SHOWN);

    let res!: Awaited<ReturnType<typeof pause>>;
    const events = await eventsDuring(async () => (res = await pause(token)));
    assert.equal(res.statusCode, 200, res.body);
    const pausedAt = res.json().paused_at as string;
    assert.ok(Date.parse(pausedAt) <= Date.now());
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: id }], "open pages drop her");
    assert.deepEqual(await publicAnswers(id, cityId, name), HIDDEN);

    const mine = await ownProfile(token);
    assert.equal(mine.paused_at, pausedAt);
    assert.equal(mine.next_due_date, due, "the plan's end does not move");
    assert.equal(mine.visibility.is_visible, false);
    assert.deepEqual(
      mine.visibility.reasons.filter((r: { blocking: boolean }) => r.blocking).map((r: { code: string }) => r.code),
      ["paused"],
    );
    assert.equal((await pause(token)).json().paused_at, pausedAt, "pausing again changes nothing");

    const back = await eventsDuring(async () => (res = await resume(token)));
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { paused_at: null });
    assert.deepEqual(back, [{ type: "model_status_updated", model_id: id }]);
    assert.deepEqual(await publicAnswers(id, cityId, name), SHOWN);
    const resumed = await ownProfile(token);
    assert.equal(resumed.paused_at, null);
    assert.equal(resumed.next_due_date, due);
    assert.equal(resumed.visibility.is_visible, true);
    assert.deepEqual((await resume(token)).json(), { paused_at: null }, "resuming a running ad changes nothing");
  });

  test("the admin's list says Pausado", async () => {
    const { token, id, body } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    await pause(token);
    const admin = await loginAdmin(ctx.app);
    const url = `/api/admin/models?q=${encodeURIComponent(body.email)}`;
    const res = await ctx.app.inject({ method: "GET", url, headers: bearer(admin) });
    assert.equal(res.statusCode, 200, res.body);
    const row = (res.json().models as { id: number; is_paused: boolean; is_visible: boolean }[]).find(
      (m) => m.id === id,
    );
    assert.equal(row?.is_paused, true);
    assert.equal(row?.is_visible, false);
  });

  test("only an ad with her identity verified is paused: 409 in Portuguese", async () => {
    const { token, id } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    await updateModel(ctx.app, id, { isVerified: false });
    const res = await pause(token);
    assert.equal(res.statusCode, 409);
    assert.deepEqual(res.json(), { error: PAUSE_UNVERIFIED_MESSAGE, code: "CONFLICT" });
    assert.equal((await ownProfile(token)).paused_at, null);
  });

  test("who may call: no token 401, an admin 403, another model pauses only herself", async () => {
    assert.equal((await pause(null)).statusCode, 401);
    assert.equal((await resume(null)).statusCode, 401);
    const admin = await loginAdmin(ctx.app);
    assert.equal((await pause(admin)).statusCode, 403);
    assert.equal((await resume(admin)).statusCode, 403);
    const her = await registerModel(ctx.app);
    await makeVisible(ctx.app, her.id);
    const other = await registerModel(ctx.app);
    await makeVisible(ctx.app, other.id);
    assert.equal((await pause(other.token)).statusCode, 200);
    assert.equal((await ownProfile(her.token)).paused_at, null, "another model's call never reaches hers");
    assert.equal((await get(`/api/models/public/${her.id}`)).statusCode, 200);
    assert.equal((await get(`/api/models/public/${other.id}`)).statusCode, 404);
  });
});
