import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DESCRIPTION_MAX, parseRates, RATE_TAGS_MAX } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import { models } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import type { ModelEvent } from "../../plugins/events";
import { bearer, loginAdmin, makeVisible, RIO, registerModel, SAO_PAULO } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { addPhoto } from "../photos/test-support";
import { withoutId } from "../../test/events";

const ctx = useTestContext();

const validProfile = (overrides: Record<string, unknown> = {}) => ({
  name: "Ana Clara",
  age: 25,
  ...SAO_PAULO,
  category_id: 1,
  description: "Olá, sou a Ana.",
  phone: "(11) 98765-4321",
  whatsapp: "+55 11 98765-4321",
  instagram: "@ana.clara",
  height: 1.68,
  weight: 58.5,
  measurements: "90-60-90",
  services: "Jantar, Viagens",
  rates: JSON.stringify({ tags: ["1h R$ 150,00"], obs: "Somente com hora marcada" }),
  ...overrides,
});

const getProfile = (token: string) =>
  ctx.app.inject({ method: "GET", url: "/api/models/profile", headers: bearer(token) });
const putProfile = (token: string, payload: object) =>
  ctx.app.inject({ method: "PUT", url: "/api/models/profile", headers: bearer(token), payload });

describe("GET /api/models/profile", () => {
  test("returns every profile field, the account fields and no secret", async () => {
    const { token, id, body } = await registerModel(ctx.app);
    const res = await getProfile(token);
    assert.equal(res.statusCode, 200);
    const { model, photos } = res.json();
    assert.deepEqual(photos, []);
    assert.equal(model.id, id);
    assert.equal(model.username, body.username);
    assert.equal(model.email, body.email);
    assert.equal(model.city_name, "São Paulo");
    assert.equal(model.state, "SP");
    assert.equal(typeof model.category_name, "string");
    assert.equal(model.height, null);
    assert.equal(model.payment_status, "no_payment");
    assert.equal(model.public_path, `/cidade/sao-paulo-sp/${model.name.toLowerCase().replace(/\s+/g, "-")}/${id}`);
    for (const key of ["password_hash", "passwordHash", "search_text", "deleted_at"]) assert.equal(key in model, false);
    for (const key of ["is_active", "is_verified", "is_featured", "views_count", "contact_count", "next_due_date"]) {
      assert.ok(key in model, key);
    }
  });

  test("401 without a session, 403 for an admin", async () => {
    assert.equal((await ctx.app.inject({ method: "GET", url: "/api/models/profile" })).statusCode, 401);
    assert.equal((await getProfile(await loginAdmin(ctx.app))).statusCode, 403);
  });

  test("visibility explains why the public does not see the model", async () => {
    const { token, id } = await registerModel(ctx.app);
    const codes = async () => {
      const v = (await getProfile(token)).json().model.visibility;
      return { visible: v.is_visible, codes: v.reasons.map((r: { code: string }) => r.code) };
    };
    assert.deepEqual(await codes(), {
      visible: false,
      codes: ["identity_unverified", "no_payment", "no_primary_photo"],
    });

    await makeVisible(ctx.app, id);
    assert.deepEqual(await codes(), { visible: true, codes: ["no_primary_photo"] });

    const photo = await addPhoto(ctx.app, token);
    assert.deepEqual(await codes(), { visible: true, codes: ["primary_photo_private"] });
    await ctx.app.inject({
      method: "PATCH",
      url: `/api/models/photos/${photo.id}/visibility`,
      headers: bearer(token),
      payload: { is_public: true },
    });
    assert.deepEqual(await codes(), { visible: true, codes: [] });

    await ctx.app.db.update(models).set({ isActive: false }).where(eq(models.id, id));
    assert.deepEqual(await codes(), { visible: false, codes: ["inactive"] });

    const due = addDays(todayInSaoPaulo(), -3);
    await ctx.app.db.update(models).set({ isActive: true, nextDueDate: due }).where(eq(models.id, id));
    const expired = (await getProfile(token)).json().model;
    assert.equal(expired.payment_status, "expired");
    assert.equal(expired.visibility.is_visible, false);
    assert.equal(expired.visibility.reasons[0].code, "plan_expired");
    assert.match(expired.visibility.reasons[0].message, new RegExp(due.split("-").reverse().join("/")));
    assert.equal(expired.visibility.reasons[0].blocking, true);
  });
});

describe("GET /api/models/profile: plan_days_left (the dashboard's renewal reminder)", () => {
  test("3 three days before the due date, 1 on the plan's last day, null once expired or never paid", async () => {
    const { token, id } = await registerModel(ctx.app);
    const daysLeft = async (nextDueDate: string | null) => {
      await ctx.app.db.update(models).set({ isActive: true, nextDueDate }).where(eq(models.id, id));
      const res = await getProfile(token);
      assert.equal(res.statusCode, 200, res.body);
      return res.json().model.plan_days_left;
    };
    const today = todayInSaoPaulo();
    assert.equal(await daysLeft(addDays(today, 30)), 30);
    assert.equal(await daysLeft(addDays(today, 3)), 3);
    // Valid while today < next_due_date: the day before the due date is the last one.
    assert.equal(await daysLeft(addDays(today, 1)), 1);
    assert.equal(await daysLeft(today), null);
    assert.equal(await daysLeft(addDays(today, -2)), null);
    assert.equal(await daysLeft(null), null);
  });
});

describe("PUT /api/models/profile", () => {
  test("saves and normalises every field, rebuilds the search text", async () => {
    const { token, id } = await registerModel(ctx.app);
    const res = await putProfile(
      token,
      validProfile({
        ...RIO,
        description: "  Linha 1\r\nLinha 2\u0007 <b>negrito</b>  ",
        services: " Jantar ,, Viagens ",
      }),
    );
    assert.equal(res.statusCode, 200, res.body);
    const model = res.json().model;
    assert.equal(model.name, "Ana Clara");
    assert.equal(model.city_name, "Rio de Janeiro");
    assert.equal(model.state, "RJ");
    assert.equal(model.phone, "11987654321");
    assert.equal(model.whatsapp, "5511987654321");
    assert.equal(model.instagram, "ana.clara");
    assert.equal(model.height, 1.68);
    assert.equal(model.weight, 58.5);
    assert.equal(model.measurements, "90-60-90");
    assert.equal(model.services, "Jantar, Viagens");
    // Plain text: kept as typed (the web renders it as text), only control characters dropped.
    assert.equal(model.description, "Linha 1\nLinha 2 <b>negrito</b>");
    assert.deepEqual(parseRates(model.rates), { tags: ["1h R$ 150,00"], obs: "Somente com hora marcada" });

    const [row] = await ctx.app.db.select().from(models).where(eq(models.id, id));
    assert.match(row!.searchText, /ana clara/);
    assert.match(row!.searchText, /rio de janeiro/);
    assert.match(row!.searchText, /linha 1/);
    assert.doesNotMatch(row!.searchText, /sao paulo/);
  });

  test("rates round-trip: the JSON string comes back with the same tags and obs", async () => {
    const { token } = await registerModel(ctx.app);
    const rates = {
      tags: ["30min R$ 100,00", "1h R$ 180,00", 'Pernoite "especial" R$ 1.200,00'],
      obs: "Linha 1\nÀ vista",
    };
    assert.equal((await putProfile(token, validProfile({ rates: JSON.stringify(rates) }))).statusCode, 200);
    const stored = (await getProfile(token)).json().model.rates;
    assert.equal(typeof stored, "string");
    assert.deepEqual(JSON.parse(stored), rates);
    // An object is accepted too and stored as the same JSON string.
    assert.equal((await putProfile(token, validProfile({ rates }))).statusCode, 200);
    assert.equal((await getProfile(token)).json().model.rates, stored);
  });

  test("empty height, weight, instagram, phone and measurements become null", async () => {
    const { token } = await registerModel(ctx.app);
    await putProfile(token, validProfile());
    const res = await putProfile(
      token,
      validProfile({ height: "", weight: null, instagram: "", phone: "", whatsapp: null, measurements: "", rates: "" }),
    );
    assert.equal(res.statusCode, 200, res.body);
    const model = res.json().model;
    for (const key of ["height", "weight", "instagram", "phone", "whatsapp", "measurements"]) {
      assert.equal(model[key], null, key);
    }
    assert.deepEqual(parseRates(model.rates), { tags: [], obs: "" });
  });

  test("optional fields left out keep their stored values", async () => {
    const { token } = await registerModel(ctx.app);
    await putProfile(token, validProfile());
    const res = await putProfile(token, { name: "Ana B", age: 30, ...SAO_PAULO, category_id: 1 });
    assert.equal(res.statusCode, 200, res.body);
    const model = res.json().model;
    assert.equal(model.name, "Ana B");
    assert.equal(model.height, 1.68);
    assert.equal(model.instagram, "ana.clara");
    assert.equal(model.description, "Olá, sou a Ana.");
  });

  test("instagram accepts @handle and profile URLs", async () => {
    const { token } = await registerModel(ctx.app);
    for (const [input, handle] of [
      ["@Ana_Clara", "ana_clara"],
      ["https://www.instagram.com/ana.clara/?hl=pt-br", "ana.clara"],
      ["instagram.com/ana.clara", "ana.clara"],
    ]) {
      const res = await putProfile(token, validProfile({ instagram: input }));
      assert.equal(res.statusCode, 200, res.body);
      assert.equal(res.json().model.instagram, handle);
    }
  });

  const accepted: [string, Record<string, unknown>][] = [
    ["age 18", { age: 18 }],
    ["age 100", { age: 100 }],
    ["height 1", { height: 1 }],
    ["height 2.5", { height: 2.5 }],
    ["height as text 1,75", { height: "1,75" }],
    ["weight 30", { weight: 30 }],
    ["weight 300", { weight: 300 }],
    ["weight 45.5", { weight: 45.5 }],
    [`description of ${DESCRIPTION_MAX} characters`, { description: "a".repeat(DESCRIPTION_MAX) }],
  ];
  for (const [label, change] of accepted) {
    test(`accepts ${label}`, async () => {
      const { token } = await registerModel(ctx.app);
      const res = await putProfile(token, validProfile(change));
      assert.equal(res.statusCode, 200, res.body);
      const [key, value] = Object.entries(change)[0]!;
      const expected = typeof value === "string" && key === "height" ? Number(value.replace(",", ".")) : value;
      assert.equal(res.json().model[key], expected);
    });
  }

  const rejected: [string, Record<string, unknown>, string][] = [
    ["age 17", { age: 17 }, "age"],
    ["age 101", { age: 101 }, "age"],
    ["fractional age", { age: 25.5 }, "age"],
    ["missing name", { name: "" }, "name"],
    ["missing age", { age: undefined }, "age"],
    ["missing estado", { estado_id: undefined }, "estado_id"],
    ["missing municipio", { municipio_id: "" }, "municipio_id"],
    ["missing category", { category_id: null }, "category_id"],
    ["height 0.99", { height: 0.99 }, "height"],
    ["height 2.51", { height: 2.51 }, "height"],
    ["height 1.755 (step 0.01)", { height: 1.755 }, "height"],
    ["height as text", { height: "alta" }, "height"],
    ["weight 29.9", { weight: 29.9 }, "weight"],
    ["weight 300.1", { weight: 300.1 }, "weight"],
    ["weight 58.25 (step 0.1)", { weight: 58.25 }, "weight"],
    ["instagram with a space", { instagram: "ana clara" }, "instagram"],
    ["instagram with a dash", { instagram: "ana-clara" }, "instagram"],
    ["instagram over 30", { instagram: "a".repeat(31) }, "instagram"],
    ["description over the limit", { description: "a".repeat(DESCRIPTION_MAX + 1) }, "description"],
    ["long measurements", { measurements: "9".repeat(61) }, "measurements"],
    ["bad phone", { phone: "1234" }, "phone"],
    ["rates not JSON", { rates: "{tags: 1h" }, "rates"],
    ["rates tags not strings", { rates: JSON.stringify({ tags: [150], obs: "" }) }, "rates.tags.0"],
    ["rates obs not text", { rates: JSON.stringify({ tags: [], obs: 5 }) }, "rates.obs"],
    [
      "too many rate tags",
      { rates: JSON.stringify({ tags: Array.from({ length: RATE_TAGS_MAX + 1 }, (_, i) => `${i}h`), obs: "" }) },
      "rates.tags",
    ],
  ];
  for (const [label, change, path] of rejected) {
    test(`rejects ${label} with a 400 naming ${path}`, async () => {
      const { token } = await registerModel(ctx.app);
      const res = await putProfile(token, validProfile(change));
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().error, "Erro de validação");
      const detail = res.json().details.find((d: { path: string }) => d.path === path);
      assert.ok(detail, `expected a detail for ${path}: ${res.body}`);
      assert.match(detail.message, /\p{L}/u);
    });
  }

  test("rejects a municipio of another estado, and unknown ids", async () => {
    const { token } = await registerModel(ctx.app);
    const mixed = await putProfile(token, validProfile({ estado_id: 35, municipio_id: RIO.municipio_id }));
    assert.equal(mixed.statusCode, 400);
    assert.equal(mixed.json().details[0].path, "municipio_id");
    assert.match(mixed.json().details[0].message, /não pertence ao estado/);
    const unknown = await putProfile(token, validProfile({ category_id: 99999 }));
    assert.equal(unknown.statusCode, 400);
    assert.equal(unknown.json().details[0].path, "category_id");
  });

  test("nothing is saved when validation fails", async () => {
    const { token } = await registerModel(ctx.app);
    await putProfile(token, validProfile());
    await putProfile(token, validProfile({ name: "Outro Nome", height: 3 }));
    assert.equal((await getProfile(token)).json().model.name, "Ana Clara");
  });

  test("publishes model_status_updated only for a model the public can see", async () => {
    const hidden = await registerModel(ctx.app);
    const visible = await registerModel(ctx.app);
    await makeVisible(ctx.app, visible.id);
    const events: ModelEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => events.push(withoutId(e)));
    try {
      await putProfile(hidden.token, validProfile());
      await putProfile(visible.token, validProfile());
    } finally {
      unsubscribe();
    }
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: visible.id }]);
  });
});
