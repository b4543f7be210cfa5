import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { and, eq } from "drizzle-orm";
import { models, visitorMarks } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { useTestContext } from "../../test/fixtures";
import { countOncePerDay } from "./visitor-marks";
import { CITIES, buildModel, buildPhoto, buildProduct, updateModel } from "../../test/factories";

const ctx = useTestContext();

/** A visitor is an address (the user agent does not matter). */
type Visitor = { remoteAddress: string };
const VISITOR_A: Visitor = { remoteAddress: "198.51.100.1" };
const VISITOR_B: Visitor = { remoteAddress: "198.51.100.2" };

const getProfile = (id: string | number, visitor: Visitor = VISITOR_A) =>
  ctx.app.inject({ method: "GET", url: `/api/models/public/${id}`, ...visitor });

const contact = (id: string | number, channel: string, visitor: Visitor = VISITOR_A) =>
  ctx.app.inject({ method: "POST", url: `/api/models/public/${id}/contact`, ...visitor, payload: { channel } });

async function counters(id: number) {
  const [row] = await ctx.app.db
    .select({ views: models.viewsCount, contacts: models.contactCount })
    .from(models)
    .where(eq(models.id, id));
  return row;
}

describe("GET /api/models/public/:id", () => {
  let id: number;
  let primary: { id: number; filename: string };
  let second: { id: number; filename: string };
  before(async () => {
    id = await buildModel(ctx.app, {
      name: "Bianca Souza",
      age: 31,
      municipioId: CITIES.campoGrandeRn,
      description: "Perfil completo",
      height: "1.68",
      weight: "58.5",
      measurements: "90-60-92",
      whatsapp: "84999990000",
      phone: "8433330000",
      instagram: "bianca.souza",
      services: "Jantar, Viagens",
      rates: JSON.stringify({ tags: ["1h R$ 150"], obs: "Somente com hora marcada" }),
      isVerified: true,
    });
    second = await buildPhoto(ctx.app, id, { isPrimary: false });
    primary = await buildPhoto(ctx.app, id);
    await buildPhoto(ctx.app, id, { isPrimary: false, isPublic: false });
    await buildProduct(ctx.app, id, { name: "Vídeo", priceCents: 5990 });
    await buildProduct(ctx.app, id, { name: "Inativo", isActive: false });
  });

  test("answers model, public photos (primary first) and active products", async () => {
    const res = await getProfile(id);
    assert.equal(res.statusCode, 200, res.body);
    const { model, photos, products } = res.json();
    assert.equal(model.id, id);
    assert.equal(model.name, "Bianca Souza");
    assert.equal(model.age, 31);
    assert.equal(model.city_name, "Campo Grande");
    assert.equal(model.state, "RN");
    assert.equal(model.city_slug, "campo-grande-rn");
    assert.equal(model.category_name, "Acompanhantes");
    assert.equal(model.description, "Perfil completo");
    assert.equal(model.height, 1.68);
    assert.equal(model.weight, 58.5);
    assert.equal(model.measurements, "90-60-92");
    assert.equal(model.whatsapp, "84999990000");
    assert.equal(model.phone, "8433330000");
    assert.equal(model.instagram, "bianca.souza");
    assert.equal(model.services, "Jantar, Viagens");
    assert.deepEqual(JSON.parse(model.rates), { tags: ["1h R$ 150"], obs: "Somente com hora marcada" });
    assert.equal(model.primary_photo, primary.filename);
    assert.equal(model.is_verified, true);
    for (const secret of ["email", "password", "password_hash", "username", "next_due_date", "search_text"]) {
      assert.equal(secret in model, false, secret);
    }
    assert.doesNotMatch(res.body, /quick.*@example\.com|not-a-real-hash/);
    assert.deepEqual(
      photos.map((p: { id: number; is_primary: boolean }) => [p.id, p.is_primary]),
      [
        [primary.id, true],
        [second.id, false],
      ],
    );
    assert.deepEqual(Object.keys(photos[0]).sort(), ["filename", "height", "id", "is_primary", "width"]);
    assert.deepEqual(products, [
      { id: products[0].id, name: "Vídeo", description: "Dez fotos exclusivas", price: 59.9, type: "digital" },
    ]);
  });

  test("height and weight are null when not filled", async () => {
    const bare = await buildModel(ctx.app);
    const { model, photos, products } = (await getProfile(bare)).json();
    assert.equal(model.height, null);
    assert.equal(model.weight, null);
    assert.equal(model.primary_photo, null);
    assert.deepEqual(photos, []);
    assert.deepEqual(products, []);
  });

  test("accepts the plain id, the tail of a slug and the id prefix", async () => {
    for (const form of [`${id}`, `bianca-souza-${id}`, `id${id}`, `bianca-souza-id${id}`]) {
      const res = await getProfile(form);
      assert.equal(res.statusCode, 200, form);
      assert.equal(res.json().model.id, id, form);
    }
  });

  test("an invalid id answers 400 ID inválido", async () => {
    for (const form of ["abc", "0", "12abc", "bianca-souza", "id", "99999999999", "1.5"]) {
      const res = await getProfile(encodeURIComponent(form));
      assert.equal(res.statusCode, 400, form);
      assert.equal(res.json().error, "ID inválido", form);
    }
  });

  const hidden: [string, Parameters<typeof buildModel>[1]][] = [
    ["inactive", { isActive: false }],
    ["expired", { validDays: -3 }],
    ["due today", { validDays: 0 }],
    ["never paid", { validDays: null }],
    ["deleted", { deletedAt: new Date() }],
  ];
  for (const [label, fields] of hidden) {
    test(`a ${label} model answers 404 like an unknown one, and counts nothing`, async () => {
      const hiddenId = await buildModel(ctx.app, fields);
      await buildPhoto(ctx.app, hiddenId);
      for (const form of [`${hiddenId}`, `x-${hiddenId}`]) {
        const res = await getProfile(form);
        assert.equal(res.statusCode, 404);
        assert.deepEqual(res.json(), { error: "Modelo não encontrada", code: "NOT_FOUND" });
      }
      assert.equal((await contact(hiddenId, "whatsapp")).statusCode, 404);
      assert.deepEqual(await counters(hiddenId), { views: 0, contacts: 0 });
    });
  }

  test("an unknown id answers 404", async () => {
    const res = await getProfile(2_000_000_000);
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { error: "Modelo não encontrada", code: "NOT_FOUND" });
  });
});

describe("view and contact counting", () => {
  test("a visitor's views count once per day; another visitor counts again", async () => {
    const id = await buildModel(ctx.app, { viewsCount: 10 });
    const first = await getProfile(id, VISITOR_A);
    assert.equal(first.json().model.views_count, 11);
    const again = await getProfile(`modelo-${id}`, VISITOR_A);
    assert.equal(again.json().model.views_count, 11);
    const other = await getProfile(id, VISITOR_B);
    assert.equal(other.json().model.views_count, 12);
    assert.equal((await counters(id)).views, 12);
  });

  test("the mark stores neither IP nor user agent; a mark of an earlier day never counts as today's", async () => {
    const id = await buildModel(ctx.app);
    const today = todayInSaoPaulo();
    await ctx.app.db
      .insert(visitorMarks)
      .values({ day: addDays(today, -1), kind: "view", modelId: id, visitorHash: "ontem" });
    await getProfile(id, { remoteAddress: "198.51.100.3" });
    const [mark] = await ctx.app.db
      .select()
      .from(visitorMarks)
      .where(and(eq(visitorMarks.modelId, id), eq(visitorMarks.day, today)));
    assert.match(mark.visitorHash, /^[A-Za-z0-9_-]{32}$/);
    assert.doesNotMatch(mark.visitorHash, /198\.51\.100/);

    // The day is part of the mark's key: yesterday's mark of the same visitor does not stop today's count.
    // (Earlier days' marks are deleted by the scheduled clean-up, src/jobs/cleanup.ts.)
    assert.equal(await countOncePerDay({ db: ctx.app.db, kind: "view", modelId: id, visitorHash: "ontem" }), true);
    assert.equal(await countOncePerDay({ db: ctx.app.db, kind: "view", modelId: id, visitorHash: "ontem" }), false);
  });

  test("a contact click counts once per visitor per day, whatever the channel", async () => {
    const id = await buildModel(ctx.app);
    for (const channel of ["whatsapp", "phone", "instagram", "whatsapp"]) {
      const res = await contact(id, channel, VISITOR_A);
      assert.equal(res.statusCode, 200, res.body);
      assert.deepEqual(res.json(), { success: true });
    }
    assert.equal((await counters(id)).contacts, 1);
    await contact(`modelo-${id}`, "phone", VISITOR_B);
    assert.equal((await counters(id)).contacts, 2);
    const marks = await ctx.app.db
      .select()
      .from(visitorMarks)
      .where(and(eq(visitorMarks.modelId, id), eq(visitorMarks.kind, "contact")));
    assert.equal(marks.length, 2);
  });

  test("a bad contact channel or id is a 400", async () => {
    const id = await buildModel(ctx.app);
    const badChannel = await contact(id, "email");
    assert.equal(badChannel.statusCode, 400);
    assert.equal(badChannel.json().details[0].path, "channel");
    assert.equal((await contact("nope", "phone")).json().error, "ID inválido");
    assert.equal((await counters(id)).contacts, 0);
  });

  test("views do not change the cached listing's version, but the card shows views after a data change", async () => {
    const id = await buildModel(ctx.app, { municipioId: CITIES.saoJoseDosCampos });
    await getProfile(id, { remoteAddress: "198.51.100.4" });
    await updateModel(ctx.app, id, { isFeatured: true });
    const res = await ctx.app.inject({ method: "GET", url: `/api/models/public?city_id=${CITIES.saoJoseDosCampos}` });
    assert.equal(res.json().models[0].views_count, 1);
  });
});
