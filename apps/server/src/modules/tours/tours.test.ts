import assert from "node:assert/strict";
import { describe, mock, test } from "node:test";
import {
  type ModelCard,
  TOUR_END_BEFORE_MESSAGE,
  TOUR_HOME_CITY_MESSAGE,
  TOUR_OVERLAP_MESSAGE,
  TOUR_START_FAR_MESSAGE,
  TOUR_START_PAST_MESSAGE,
  TOUR_TOO_LONG_MESSAGE,
  tourLabel,
  TOURS_LIMIT_MESSAGE,
} from "@vitrine/contracts";
import { and, gt } from "drizzle-orm";
import { models, publicChanges, publicDataVersion } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { isPubliclyVisible } from "../models/visibility";
import { bearer, loginAdmin, makeVisible, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { inCityOrTouring, listedInCity, touringModelIds } from "./tours-store";

const ctx = useTestContext();

const CURITIBA = 4106902;
const LONDRINA = 4113700;
const MARINGA = 4115200;
const JOINVILLE = 4209102;
const FLORIANOPOLIS = { municipio_id: 4205407, estado_id: 42 };
const BLUMENAU = { municipio_id: 4202404, estado_id: 42 };

const add = (token: string | null, payload: object) =>
  ctx.app.inject({ method: "POST", url: "/api/models/tours", headers: token ? bearer(token) : {}, payload });
const list = async (token: string) =>
  (await ctx.app.inject({ method: "GET", url: "/api/models/tours", headers: bearer(token) })).json().tours as {
    id: number;
    city_id: number;
    status: string;
  }[];
const remove = (token: string | null, id: number) =>
  ctx.app.inject({ method: "DELETE", url: `/api/models/tours/${id}`, headers: token ? bearer(token) : {} });
const day = (days: number) => addDays(todayInSaoPaulo(), days);
const tour = (municipio_id: number, from: number, to: number) => ({
  municipio_id,
  starts_on: day(from),
  ends_on: day(to),
});

/** Her card as her own city's public list answers it. */
async function homeCard(id: number, cityId: number): Promise<ModelCard | undefined> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=${cityId}&limit=50` });
  return (res.json().models as ModelCard[]).find((m) => m.id === id);
}
/** The ids a city's public list answers (the listing, as a visitor's page reads it). */
async function cityList(cityId: number): Promise<number[]> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=${cityId}&limit=50` });
  return (res.json().models as ModelCard[]).map((m) => m.id);
}
const profileTour = async (id: number) =>
  (await ctx.app.inject({ method: "GET", url: `/api/models/public/${id}` })).json().model.tour;

/** The models a city lists on `today` by the tours' condition (what the listing ANDs with the public rule). */
async function listedIn(cityId: number, today = todayInSaoPaulo()): Promise<number[]> {
  const rows = await ctx.app.db
    .select({ id: models.id })
    .from(models)
    .where(and(isPubliclyVisible(today), listedInCity(cityId, today)));
  const touring = await touringModelIds(ctx.app.db, cityId, today);
  const twoSteps = await ctx.app.db
    .select({ id: models.id })
    .from(models)
    .where(and(isPubliclyVisible(today), inCityOrTouring(cityId, touring)));
  const ids = rows.map((r) => r.id).sort((a, b) => a - b);
  assert.deepEqual(
    twoSteps.map((r) => r.id).sort((a, b) => a - b),
    ids,
    "both forms list the same models",
  );
  return ids;
}

/** The public cache tags (public_changes) the database noted while `fn` ran. */
async function tagsDuring(fn: () => Promise<unknown>): Promise<Set<string>> {
  const [{ version }] = await ctx.app.db.select({ version: publicDataVersion.version }).from(publicDataVersion);
  await fn();
  const rows = await ctx.app.db
    .select({ tag: publicChanges.tag })
    .from(publicChanges)
    .where(gt(publicChanges.version, version));
  return new Set(rows.map((r) => r.tag));
}

const ddmm = (iso: string) => `${iso.slice(8, 10)}/${iso.slice(5, 7)}`;

describe("tours", () => {
  test("a tour under way: listed in the other city, labels on her card and profile; removed, it is gone", async () => {
    const { token, id } = await registerModel(ctx.app, FLORIANOPOLIS);
    await makeVisible(ctx.app, id);
    // Read (and cached) before the tour.
    assert.equal((await homeCard(id, FLORIANOPOLIS.municipio_id))?.tour, null);
    assert.equal(await profileTour(id), null);
    assert.ok(!(await listedIn(CURITIBA)).includes(id));

    const res = await add(token, tour(CURITIBA, 0, 2));
    assert.equal(res.statusCode, 201, res.body);
    const added = res.json().tour;
    const expected = {
      city_id: CURITIBA,
      city_name: "Curitiba",
      state: "PR",
      city_slug: "curitiba-pr",
      starts_on: day(0),
      ends_on: day(2),
    };
    assert.deepEqual(added, { ...expected, id: added.id, status: "active" });
    assert.deepEqual(
      (await list(token)).map((t) => t.id),
      [added.id],
    );

    assert.ok((await listedIn(CURITIBA)).includes(id), "listed in the tour's city");
    assert.ok((await cityList(CURITIBA)).includes(id), "the tour city's public list shows her");
    assert.ok((await listedIn(FLORIANOPOLIS.municipio_id)).includes(id), "and still in her own");
    const card = await homeCard(id, FLORIANOPOLIS.municipio_id);
    assert.deepEqual(card?.tour, expected);
    assert.deepEqual(await profileTour(id), expected);
    assert.equal(tourLabel(card!.tour!, CURITIBA), `Em turnê até ${ddmm(day(2))}`);
    const range = day(0).slice(0, 7) === day(2).slice(0, 7) ? `${day(0).slice(8)} a ${ddmm(day(2))}` : null;
    if (range) assert.equal(tourLabel(card!.tour!, FLORIANOPOLIS.municipio_id), `Em turnê em Curitiba de ${range}`);

    assert.equal((await remove(token, added.id)).statusCode, 200);
    assert.deepEqual(await list(token), []);
    assert.ok(!(await listedIn(CURITIBA)).includes(id));
    assert.ok(!(await cityList(CURITIBA)).includes(id), "and no longer once removed");
    assert.equal((await homeCard(id, FLORIANOPOLIS.municipio_id))?.tour, null);
    assert.equal(await profileTour(id), null);
  });

  test("it starts and ends by itself: the clock moved on, the day decides", async () => {
    const { token, id } = await registerModel(ctx.app, BLUMENAU);
    await makeVisible(ctx.app, id, 60);
    assert.equal((await add(token, tour(JOINVILLE, 1, 2))).statusCode, 201);
    assert.equal((await list(token))[0]?.status, "upcoming");
    assert.equal((await homeCard(id, BLUMENAU.municipio_id))?.tour, null, "not yet");
    assert.ok(!(await listedIn(JOINVILLE)).includes(id));
    assert.ok(!(await cityList(JOINVILLE)).includes(id));

    const at = (days: number) => mock.timers.enable({ apis: ["Date"], now: Date.now() + days * 86_400_000 });
    try {
      at(1);
      assert.equal((await homeCard(id, BLUMENAU.municipio_id))?.tour?.city_id, JOINVILLE, "started");
      assert.equal((await profileTour(id))?.city_id, JOINVILLE);
      assert.ok((await listedIn(JOINVILLE)).includes(id));
      assert.ok((await cityList(JOINVILLE)).includes(id), "the tour city's public list shows her");
      assert.equal((await list(token))[0]?.status, "active");
      mock.timers.reset();
      at(3);
      assert.equal((await homeCard(id, BLUMENAU.municipio_id))?.tour, null, "ended");
      assert.equal(await profileTour(id), null);
      assert.ok(!(await listedIn(JOINVILLE)).includes(id));
      assert.ok(!(await cityList(JOINVILLE)).includes(id), "nor its public list");
      assert.deepEqual(await list(token), [], "an ended tour leaves her list");
    } finally {
      mock.timers.reset();
    }
  });

  test("the public cache: a tour touches both cities; her pause touches her tour's city too", async () => {
    const { token, id } = await registerModel(ctx.app, FLORIANOPOLIS);
    await makeVisible(ctx.app, id);
    const home = FLORIANOPOLIS.municipio_id;
    const added = await tagsDuring(() => add(token, tour(MARINGA, 0, 1)));
    for (const tag of [`card:${id}`, `model:${id}`, "cities", `list:city:${MARINGA}`, `filters:city:${MARINGA}`]) {
      assert.ok(added.has(tag), `${tag} in ${[...added]}`);
    }
    assert.ok(added.has(`list:city:${home}`) && added.has(`filters:city:${home}`), "her own city too");
    assert.ok((await listedIn(MARINGA)).includes(id));
    assert.ok((await cityList(MARINGA)).includes(id));
    const paused = await tagsDuring(() =>
      ctx.app.inject({ method: "POST", url: "/api/models/pause", headers: bearer(token) }),
    );
    assert.ok(paused.has(`list:city:${MARINGA}`) && paused.has(`filters:city:${MARINGA}`), [...paused].join());
    assert.ok(!(await listedIn(MARINGA)).includes(id), "a paused model is listed in no tour city");
    assert.ok(!(await cityList(MARINGA)).includes(id));
  });

  test("limits: 3 not ended, no overlap, not her own city; 409 and 400 in Portuguese", async () => {
    const { token, id } = await registerModel(ctx.app, FLORIANOPOLIS);
    await makeVisible(ctx.app, id);
    assert.equal((await add(token, tour(CURITIBA, 0, 3))).statusCode, 201);
    const overlap = await add(token, tour(LONDRINA, 3, 5));
    assert.equal(overlap.statusCode, 409);
    assert.deepEqual(overlap.json(), { error: TOUR_OVERLAP_MESSAGE, code: "CONFLICT" });
    assert.equal((await add(token, tour(LONDRINA, 4, 5))).statusCode, 201);
    assert.equal((await add(token, tour(MARINGA, 10, 40))).statusCode, 201);
    const fourth = await add(token, tour(JOINVILLE, 50, 51));
    assert.equal(fourth.statusCode, 409);
    assert.deepEqual(fourth.json(), { error: TOURS_LIMIT_MESSAGE, code: "CONFLICT" });
    assert.deepEqual(
      (await list(token)).map((t) => t.city_id),
      [CURITIBA, LONDRINA, MARINGA],
      "soonest first",
    );

    const other = await registerModel(ctx.app, FLORIANOPOLIS);
    const bad: [object, string, string][] = [
      [tour(FLORIANOPOLIS.municipio_id, 0, 1), "municipio_id", TOUR_HOME_CITY_MESSAGE],
      [tour(CURITIBA, -1, 1), "starts_on", TOUR_START_PAST_MESSAGE],
      [tour(CURITIBA, 91, 92), "starts_on", TOUR_START_FAR_MESSAGE],
      [tour(CURITIBA, 3, 2), "ends_on", TOUR_END_BEFORE_MESSAGE],
      [tour(CURITIBA, 0, 31), "ends_on", TOUR_TOO_LONG_MESSAGE],
      [tour(9999999, 0, 1), "municipio_id", "Município inválido"],
      [{ ...tour(CURITIBA, 0, 1), starts_on: "2026-02-30" }, "starts_on", "Data inválida"],
      [{ starts_on: day(0), ends_on: day(1) }, "municipio_id", "Município é obrigatório"],
    ];
    for (const [payload, path, message] of bad) {
      const res = await add(other.token, payload);
      assert.equal(res.statusCode, 400, `${JSON.stringify(payload)}: ${res.body}`);
      assert.deepEqual(
        res.json().details.map((d: { path: string; message: string }) => [d.path, d.message]),
        [[path, message]],
        JSON.stringify(payload),
      );
    }
    assert.equal((await add(other.token, tour(CURITIBA, 0, 30))).statusCode, 201, "31 days is the longest");
  });

  test("who may call: no token 401, an admin 403, another model's tour 404", async () => {
    assert.equal((await add(null, tour(CURITIBA, 0, 1))).statusCode, 401);
    assert.equal((await remove(null, 1)).statusCode, 401);
    const admin = await loginAdmin(ctx.app);
    assert.equal((await add(admin, tour(CURITIBA, 0, 1))).statusCode, 403);
    const her = await registerModel(ctx.app, FLORIANOPOLIS);
    const other = await registerModel(ctx.app, FLORIANOPOLIS);
    const { tour: hers } = (await add(her.token, tour(CURITIBA, 0, 1))).json();
    const res = await remove(other.token, hers.id);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, "NOT_FOUND");
    assert.equal((await list(her.token)).length, 1, "hers is still there");
  });
});
