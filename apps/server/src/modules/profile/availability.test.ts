import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { AVAILABILITY_LIMIT_MESSAGE, serializeRates } from "@vitrine/contracts";
import { availabilityEndJob } from "../../jobs/availability-end";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { eventsDuring as publishedDuring } from "../../test/events";
import { bearer, loginAdmin, makeVisible, registerModel, updateModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext();

const start = (token: string | null, payload: object = { hours: 2 }) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/models/availability",
    headers: token ? bearer(token) : {},
    payload,
  });
const stop = (token: string | null) =>
  ctx.app.inject({ method: "DELETE", url: "/api/models/availability", headers: token ? bearer(token) : {} });
const profile = async (token: string) =>
  (await ctx.app.inject({ method: "GET", url: "/api/models/profile", headers: bearer(token) })).json().model;
const publicCard = async (id: number, cityId: number) => {
  const res = await ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=${cityId}&limit=50` });
  return (res.json() as { models: { id: number; available_until: string | null }[] }).models.find((m) => m.id === id);
};

const eventsDuring = (fn: () => Promise<unknown>) => publishedDuring(ctx.app, fn);

describe("Disponível agora", () => {
  test("on for 1 to 8 hours, again replaces the end, off; her profile, her card and open pages follow", async () => {
    const { token, id } = await registerModel(ctx.app, { municipio_id: 2927408, estado_id: 29 });
    await makeVisible(ctx.app, id);
    const before = Date.now();
    let res!: Awaited<ReturnType<typeof start>>;
    const events = await eventsDuring(async () => (res = await start(token, { hours: 3 })));
    assert.equal(res.statusCode, 200, res.body);
    const until = Date.parse(res.json().available_until);
    assert.ok(until >= before + 3 * 3_600_000 && until <= Date.now() + 3 * 3_600_000);
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: id }]);
    assert.equal((await profile(token)).available_until, res.json().available_until);
    const session = await ctx.app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(token) });
    assert.equal(session.json().model.available_until, res.json().available_until, "her session answer too");
    assert.equal((await publicCard(id, 2927408))?.available_until, res.json().available_until);

    const again = await start(token, { hours: 1 });
    assert.ok(Date.parse(again.json().available_until) < until, "the new end replaces the old");

    const off = await eventsDuring(async () => assert.deepEqual((await stop(token)).json(), { available_until: null }));
    assert.deepEqual(off, [{ type: "model_status_updated", model_id: id }]);
    assert.equal((await profile(token)).available_until, null);
    assert.equal((await publicCard(id, 2927408))?.available_until, null);
  });

  test("a hidden model may turn it on, but the public stream hears nothing and no list shows her", async () => {
    const { token, id } = await registerModel(ctx.app, { municipio_id: 2611606, estado_id: 26 });
    const events = await eventsDuring(() => start(token));
    assert.deepEqual(events, []);
    assert.equal(await publicCard(id, 2611606), undefined);
    const res = await ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=2611606&disponivel=1` });
    assert.equal(res.json().pagination.total, 0);
  });

  test("bad hours → 400 in Portuguese", async () => {
    const { token } = await registerModel(ctx.app);
    for (const hours of [0, 9, 2.5, "3"]) {
      const res = await start(token, { hours });
      assert.equal(res.statusCode, 400);
      assert.equal(res.json().details[0].message, "Escolha de 1 a 8 horas");
    }
  });

  test("at most 4 starts per São Paulo day: the fifth is 429 AVAILABILITY_LIMIT; a new day starts again", async () => {
    const { token, id } = await registerModel(ctx.app);
    for (let i = 0; i < 4; i++) assert.equal((await start(token)).statusCode, 200);
    await stop(token);
    const refused = await start(token);
    assert.equal(refused.statusCode, 429);
    assert.deepEqual(refused.json(), { error: AVAILABILITY_LIMIT_MESSAGE, code: "AVAILABILITY_LIMIT" });
    assert.equal((await profile(token)).available_until, null, "a refused start changes nothing");
    // Her starts were yesterday's: today counts from zero.
    await updateModel(ctx.app, id, { availabilityDay: addDays(todayInSaoPaulo(), -1) });
    assert.equal((await start(token)).statusCode, 200);
  });

  test("it ends by itself: answers compare with now; the job clears it and tells open pages", async () => {
    const { token, id } = await registerModel(ctx.app, { municipio_id: 2111300, estado_id: 21 });
    await makeVisible(ctx.app, id);
    const other = await registerModel(ctx.app);
    assert.equal((await start(token, { hours: 1 })).statusCode, 200);
    assert.equal((await start(other.token, { hours: 8 })).statusCode, 200);
    // An end already passed is not shown even before the job runs.
    await updateModel(ctx.app, id, { availableUntil: new Date(Date.now() - 1000) });
    assert.equal((await profile(token)).available_until, null);
    assert.equal((await publicCard(id, 2111300))?.available_until, null);
    // The job, its clock moved two hours on: hers ended (and is told), the other's (8 h) not.
    await updateModel(ctx.app, id, { availableUntil: new Date(Date.now() + 3_600_000) });
    const events = await eventsDuring(() =>
      availabilityEndJob.run({ app: ctx.app, now: new Date(Date.now() + 2 * 3_600_000), state: {} }),
    );
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: id }]);
    assert.equal((await publicCard(id, 2111300))?.available_until, null);
    assert.notEqual((await profile(other.token)).available_until, null);
  });

  test("who may call: no token 401, an admin 403, a model only her own", async () => {
    assert.equal((await start(null)).statusCode, 401);
    assert.equal((await stop(null)).statusCode, 401);
    const admin = await loginAdmin(ctx.app);
    assert.equal((await start(admin)).statusCode, 403);
    assert.equal((await stop(admin)).statusCode, 403);
    const her = await registerModel(ctx.app);
    const other = await registerModel(ctx.app);
    await start(her.token);
    await stop(other.token);
    assert.notEqual((await profile(her.token)).available_until, null, "another model's call never reaches hers");
  });
});

describe("profile fields of issue 30", () => {
  test("receives_at, neighborhood and languages saved and answered; price_from derived from the rates", async () => {
    const { token, id } = await registerModel(ctx.app, { municipio_id: 3550308, estado_id: 35 });
    await makeVisible(ctx.app, id);
    const body = {
      name: "Ana Clara",
      age: 25,
      estado_id: 35,
      municipio_id: 3550308,
      category_id: 1,
      rates: serializeRates({ tags: ["1h R$ 150", "30min R$ 90", "pernoite R$ 900"], obs: "" }),
      services: "Massagem, Jantar",
      receives_at: ["hotel", "domicilio"],
      neighborhood: "Vila Madalena",
      languages: ["pt", "es"],
    };
    const res = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/profile",
      headers: bearer(token),
      payload: body,
    });
    assert.equal(res.statusCode, 200, res.body);
    const model = res.json().model;
    assert.deepEqual(model.receives_at, ["hotel", "domicilio"]);
    assert.equal(model.neighborhood, "Vila Madalena");
    assert.deepEqual(model.languages, ["pt", "es"]);
    assert.equal(model.price_from, 150);
    const pub = await ctx.app.inject({ method: "GET", url: `/api/models/public/${id}` });
    assert.equal(pub.json().model.price_from, 150);
    assert.deepEqual(pub.json().model.languages, ["pt", "es"]);
    const filtered = await ctx.app.inject({
      method: "GET",
      url: "/api/models/public?city_id=3550308&bairro=madalena&servico=massagem&atende=domicilio&preco_max=150",
    });
    assert.deepEqual(
      filtered.json().models.map((m: { id: number }) => m.id),
      [id],
    );
    // Rates that give no hourly price clear it; absent fields keep their values.
    const cleared = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/profile",
      headers: bearer(token),
      payload: { ...body, rates: serializeRates({ tags: ["a combinar"], obs: "" }), receives_at: undefined },
    });
    assert.equal(cleared.json().model.price_from, null);
    assert.deepEqual(cleared.json().model.receives_at, ["hotel", "domicilio"]);
    const bad = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/profile",
      headers: bearer(token),
      payload: { ...body, receives_at: ["casa"], languages: ["xx"] },
    });
    assert.equal(bad.statusCode, 400);
  });
});
