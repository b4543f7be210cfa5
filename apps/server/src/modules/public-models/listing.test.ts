import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { useTestContext } from "../../test/fixtures";
import { makeVisible, registerModel } from "../../test/factories";
import { CITIES, buildModel, buildPhoto, updateModel } from "../../test/factories";

const ctx = useTestContext();

type Card = Record<string, unknown> & { id: number; name: string };
type Listing = { models: Card[]; pagination: { page: number; pages: number; total: number } };

async function list(query: string): Promise<Listing> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/models/public${query}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Listing;
}

const ids = (listing: Listing) => listing.models.map((m) => m.id);

describe("GET /api/models/public: visibility", () => {
  // Each case lives alone in a city of its own, so counts are exact.
  const hiddenCases: [string, number, Parameters<typeof buildModel>[1]][] = [
    ["inactive", 2304400, { isActive: false }], // Fortaleza
    ["expired yesterday", 2611606, { validDays: -1 }], // Recife
    ["due today (expired)", 2927408, { validDays: 0 }], // Salvador
    ["never paid", 5300108, { validDays: null }], // Brasília
    ["deleted", 4106902, { deletedAt: new Date() }], // Curitiba
  ];

  for (const [label, cityId, fields] of hiddenCases) {
    test(`hidden (${label}): not listed, counted or found by search`, async () => {
      const name = `Oculta ${label}`;
      const id = await buildModel(ctx.app, { ...fields, name, municipioId: cityId });
      const byCity = await list(`?city_id=${cityId}`);
      assert.deepEqual(byCity, { models: [], pagination: { page: 1, pages: 0, total: 0 } });
      const all = await list("?limit=50");
      assert.ok(!ids(all).includes(id));
      const searched = await list(`?search=${encodeURIComponent(name)}`);
      assert.equal(searched.pagination.total, 0);
    });
  }

  test("a model registered through the API appears only once made visible", async () => {
    const { id } = await registerModel(ctx.app, { name: "Recém Cadastrada", municipio_id: 3106200, estado_id: 31 });
    assert.equal((await list("?city_id=3106200")).pagination.total, 0);
    await makeVisible(ctx.app, id);
    const listing = await list("?city_id=3106200");
    assert.deepEqual(ids(listing), [id]);
    assert.equal(listing.pagination.total, 1);
  });

  test("a model that expires or is deactivated disappears at once", async () => {
    const cityId = 1302603; // Manaus
    const id = await buildModel(ctx.app, { municipioId: cityId });
    assert.equal((await list(`?city_id=${cityId}`)).pagination.total, 1);
    await updateModel(ctx.app, id, { isActive: false });
    assert.equal((await list(`?city_id=${cityId}`)).pagination.total, 0);
    await updateModel(ctx.app, id, { isActive: true, nextDueDate: "2020-01-01" });
    assert.equal((await list(`?city_id=${cityId}`)).pagination.total, 0);
  });
});

describe("GET /api/models/public: card and order", () => {
  test("a card carries exactly the public card fields and nothing private", async () => {
    const id = await buildModel(ctx.app, {
      name: "Ana Júlia",
      age: 27,
      municipioId: CITIES.campoGrandeMs,
      description: "Atendimento discreto. ".repeat(40),
      services: "Massagem, Jantar, Viagens, Eventos",
      whatsapp: "67999998888",
      isFeatured: true,
      viewsCount: 1500,
      contactCount: 7,
    });
    const photo = await buildPhoto(ctx.app, id);
    await buildPhoto(ctx.app, id, { isPrimary: false });
    const [card] = (await list(`?city_id=${CITIES.campoGrandeMs}`)).models;
    assert.deepEqual(Object.keys(card).sort(), [
      "age",
      "available_until",
      "boost",
      "category_name",
      "city_id",
      "city_name",
      "city_slug",
      "contact_count",
      "description",
      "id",
      "is_featured",
      "is_verified",
      "name",
      "neighborhood",
      "price_from",
      "primary_photo",
      "receives_at",
      "services",
      "slug",
      "state",
      "tour",
      "views_count",
    ]);
    assert.equal(card.id, id);
    assert.equal(card.name, "Ana Júlia");
    assert.equal(card.age, 27);
    assert.equal(card.city_name, "Campo Grande");
    assert.equal(card.state, "MS");
    assert.equal(card.city_slug, "campo-grande-ms");
    assert.equal(card.slug, "ana-julia");
    assert.equal(card.category_name, "Acompanhantes");
    assert.equal(card.services, "Massagem, Jantar, Viagens, Eventos");
    assert.equal(card.primary_photo, photo.filename);
    assert.equal(card.is_featured, true);
    assert.equal(card.views_count, 1500);
    assert.equal(card.contact_count, 7);
    assert.ok((card.description as string).length <= 301);
    assert.ok((card.description as string).endsWith("…"));
  });

  test("primary_photo is null when the primary photo is private or missing", async () => {
    const cityId = 2111300; // São Luís
    const privateOne = await buildModel(ctx.app, { municipioId: cityId });
    await buildPhoto(ctx.app, privateOne, { isPublic: false });
    const noPhoto = await buildModel(ctx.app, { municipioId: cityId });
    const cards = (await list(`?city_id=${cityId}`)).models;
    assert.deepEqual(
      cards.map((c) => [c.id, c.primary_photo]),
      [
        [noPhoto, null],
        [privateOne, null],
      ],
    );
  });

  test("featured models come first, then newest first", async () => {
    const cityId = 1501402; // Belém
    const a = await buildModel(ctx.app, { municipioId: cityId });
    const b = await buildModel(ctx.app, { municipioId: cityId, isFeatured: true });
    const c = await buildModel(ctx.app, { municipioId: cityId });
    const d = await buildModel(ctx.app, { municipioId: cityId, isFeatured: true });
    assert.deepEqual(ids(await list(`?city_id=${cityId}`)), [d, b, c, a]);
  });
});

describe("GET /api/models/public: pagination", () => {
  const cityId = 4314902; // Porto Alegre
  let created: number[] = [];
  before(async () => {
    created = [];
    for (let i = 0; i < 25; i++) created.push(await buildModel(ctx.app, { municipioId: cityId }));
    await buildModel(ctx.app, { municipioId: cityId, isActive: false });
  });

  test("default page size is 20 and totals count only visible models", async () => {
    const first = await list(`?city_id=${cityId}`);
    assert.equal(first.models.length, 20);
    assert.deepEqual(first.pagination, { page: 1, pages: 2, total: 25 });
    const second = await list(`?city_id=${cityId}&page=2`);
    assert.equal(second.models.length, 5);
    assert.deepEqual(second.pagination, { page: 2, pages: 2, total: 25 });
    assert.deepEqual([...ids(first), ...ids(second)].sort(), [...created].sort());
  });

  test("limit picks the page size and is capped at 50", async () => {
    const small = await list(`?city_id=${cityId}&limit=10&page=3`);
    assert.equal(small.models.length, 5);
    assert.deepEqual(small.pagination, { page: 3, pages: 3, total: 25 });
    for (let i = 0; i < 30; i++) await buildModel(ctx.app, { municipioId: 4205407 }); // Florianópolis
    const all = await list("?limit=500");
    assert.ok(all.pagination.total > 50);
    assert.equal(all.models.length, 50);
    assert.equal(all.pagination.pages, Math.ceil(all.pagination.total / 50));
  });

  test("a page past the end is empty, not an error", async () => {
    const res = await list(`?city_id=${cityId}&page=9`);
    assert.deepEqual(res, { models: [], pagination: { page: 9, pages: 2, total: 25 } });
  });

  test("empty parameters are ignored and bad ones answer 400 in Portuguese", async () => {
    assert.equal((await list(`?city_id=${cityId}&search=&page=`)).pagination.total, 25);
    for (const q of ["?page=0", "?page=abc", "?limit=0", "?city_id=x", "?city_id=-3"]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/models/public${q}` });
      assert.equal(res.statusCode, 400, q);
      assert.equal(res.json().error, "Erro de validação");
      assert.match(res.json().details[0].message, /inválid/);
    }
  });
});

describe("GET /api/models/public: search", () => {
  let joao: number;
  let saoPaulo: number;
  before(async () => {
    joao = await buildModel(ctx.app, {
      name: "Joãozinho Estrela",
      municipioId: CITIES.rio,
      description: "Sessões de fotografia",
    });
    saoPaulo = await buildModel(ctx.app, { name: "Paulista Quatro", municipioId: CITIES.saoPaulo });
  });

  test("is case- and accent-insensitive over the name", async () => {
    for (const q of ["joaozinho", "JOÃOZINHO", "Joaozinho estrela"]) {
      assert.deepEqual(ids(await list(`?search=${encodeURIComponent(q)}`)), [joao], q);
    }
  });

  test("matches city, state, category and description", async () => {
    const inSaoPaulo = await list(`?search=${encodeURIComponent("sao paulo")}&limit=50`);
    assert.ok(ids(inSaoPaulo).includes(saoPaulo));
    assert.ok(!ids(inSaoPaulo).includes(joao));
    assert.deepEqual(ids(await list(`?search=${encodeURIComponent("fotografia rio")}`)), [joao]);
    assert.ok(ids(await list("?search=acompanhantes&limit=50")).includes(joao));
  });

  test("combines with the city filter and treats LIKE wildcards literally", async () => {
    assert.deepEqual(ids(await list(`?search=estrela&city_id=${CITIES.saoPaulo}`)), []);
    assert.deepEqual(ids(await list(`?search=estrela&city_id=${CITIES.rio}`)), [joao]);
    assert.equal((await list(`?search=${encodeURIComponent("%")}`)).pagination.total, 0);
    assert.equal((await list(`?search=${encodeURIComponent("_")}`)).pagination.total, 0);
  });

  test("sees a renamed model at once (cached counts follow data changes)", async () => {
    assert.equal((await list("?search=renomeada")).pagination.total, 0);
    await updateModel(ctx.app, saoPaulo, { searchText: "renomeada sao paulo sp" });
    assert.deepEqual(ids(await list("?search=renomeada")), [saoPaulo]);
  });
});

describe("GET /api/models/public: a city's first pages and the deeper ones", () => {
  const GOIANIA = 5208707;
  test("pages within the first 60 cards and beyond them list the same order and total", async () => {
    const built: { id: number; featured: boolean }[] = [];
    for (let i = 0; i < 66; i++) {
      const featured = i % 9 === 0;
      built.push({ id: await buildModel(ctx.app, { municipioId: GOIANIA, isFeatured: featured }), featured });
    }
    await buildModel(ctx.app, { municipioId: GOIANIA, isActive: false });
    const expected = [...built].sort((a, b) => Number(b.featured) - Number(a.featured) || b.id - a.id).map((m) => m.id);
    for (const limit of [20, 25, 50]) {
      const seen: number[] = [];
      for (let page = 1; page <= Math.ceil(66 / limit); page++) {
        const listing = await list(`?city_id=${GOIANIA}&page=${page}&limit=${limit}`);
        assert.deepEqual(listing.pagination, { page, pages: Math.ceil(66 / limit), total: 66 }, `${limit}/${page}`);
        seen.push(...ids(listing));
      }
      assert.deepEqual(seen, expected, `limit ${limit}`);
    }
  });
});
