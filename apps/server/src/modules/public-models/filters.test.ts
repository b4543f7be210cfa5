import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { serializeRates } from "@vitrine/contracts";
import { useTestContext } from "../../test/fixtures";
import { bearer, buildModel, buildPhoto, makeVisible, registerModel, updateModel } from "../../test/factories";
import { addDays, todayInSaoPaulo } from "../../lib/dates";

const ctx = useTestContext();

type Card = Record<string, unknown> & { id: number; price_from: number | null };
type Listing = {
  models: Card[];
  pagination: { page: number; pages: number; total: number };
  facets?: { atende: Record<string, number>; verificada: number; com_fotos: number; disponivel: number };
};

async function list(query: string): Promise<Listing> {
  const res = await ctx.app.inject({ method: "GET", url: `/api/models/public${query}` });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as Listing;
}

const ids = (listing: Listing) => listing.models.map((m) => m.id);
const rates = (...tags: string[]) => serializeRates({ tags, obs: "" });
const inAnHour = () => new Date(Date.now() + 3_600_000);

describe("GET /api/models/public: filters", () => {
  test("each filter narrows a city; a hidden model is never listed nor counted", async () => {
    const city = 3509502; // Campinas
    const ana = await buildModel(ctx.app, {
      municipioId: city,
      age: 22,
      categoryId: 1,
      rates: rates("1h R$ 150", "30min R$ 100"),
      services: "Massagem, Beijo grego",
      receivesAt: ["hotel", "motel"],
      neighborhood: "Cambuí",
      availableUntil: inAnHour(),
    });
    await buildPhoto(ctx.app, ana);
    const bia = await buildModel(ctx.app, {
      municipioId: city,
      age: 35,
      categoryId: 2,
      rates: rates("1h R$ 300"),
      services: "Jantar",
      receivesAt: ["local_proprio"],
      neighborhood: "Taquaral",
    });
    const cris = await buildModel(ctx.app, { municipioId: city, age: 28, rates: rates("pernoite R$ 1.000") });
    // Hidden: matches every filter below that Ana matches, and must never show or count.
    const hidden = await buildModel(ctx.app, {
      municipioId: city,
      age: 22,
      categoryId: 1,
      rates: rates("1h R$ 120"),
      services: "massagem, beijo grego",
      receivesAt: ["hotel"],
      neighborhood: "Cambuí",
      availableUntil: inAnHour(),
      isActive: false,
    });
    await buildPhoto(ctx.app, hidden);

    const q = (filters: string) => list(`?city_id=${city}&${filters}`);
    assert.deepEqual(ids(await q("categoria=1")).sort(), [ana, cris].sort());
    assert.deepEqual(ids(await q("idade_min=30")), [bia]);
    assert.deepEqual(ids(await q("idade_max=25")), [ana]);
    assert.deepEqual(ids(await q("idade_min=20&idade_max=30")).sort(), [ana, cris].sort());
    assert.deepEqual(ids(await q("preco_max=200")), [ana], "Ana's lowest hourly price is R$ 150; Cris has none");
    assert.deepEqual(ids(await q("preco_min=200")), [bia]);
    assert.deepEqual(ids(await q("servico=MASSAGEM")), [ana]);
    assert.deepEqual(ids(await q("servico=massagem,beijo%20grego")), [ana]);
    assert.deepEqual(ids(await q("servico=massagem,jantar")), [], "every chosen service");
    assert.deepEqual(ids(await q("atende=motel,local_proprio")).sort(), [ana, bia].sort(), "any chosen place");
    assert.deepEqual(ids(await q("bairro=cambui")), [ana]);
    assert.deepEqual(ids(await q("bairro=TAQUA")), [bia]);
    assert.deepEqual(ids(await q("com_fotos=1")), [ana]);
    assert.deepEqual(ids(await q("disponivel=1")), [ana]);
    assert.equal((await q("verificada=1")).pagination.total, 3, "every public model is verified");
    const combined = await q("categoria=1&idade_max=25&preco_max=200&servico=massagem&atende=hotel&disponivel=1");
    assert.deepEqual(ids(combined), [ana]);
    assert.deepEqual(combined.pagination, { page: 1, pages: 1, total: 1 });
    assert.equal((await list(`?disponivel=1&search=cambui`)).pagination.total, 0, "search words still apply");
    assert.ok(!ids(await list("?disponivel=1&limit=50")).includes(hidden), "without a city either");
  });

  test("the filter index follows each change at once: hidden, moved, price, main photo, a new model", async () => {
    const city = 2611606; // Recife
    const other = 2607901; // Jaboatão dos Guararapes
    const ana = await buildModel(ctx.app, { municipioId: city, receivesAt: ["hotel"], rates: rates("1h R$ 150") });
    const bia = await buildModel(ctx.app, { municipioId: city, receivesAt: ["hotel"], rates: rates("1h R$ 400") });
    const inCity = async (filters: string) => ids(await list(`?city_id=${city}&${filters}`)).sort();
    const country = async (filters: string) => ids(await list(`?${filters}&limit=50`));
    assert.deepEqual(await inCity("atende=hotel"), [ana, bia].sort(), "the index is built here");
    assert.deepEqual(await inCity("preco_max=200"), [ana]);

    await updateModel(ctx.app, bia, { priceFrom: 18000 });
    assert.deepEqual(await inCity("preco_max=200"), [ana, bia].sort(), "a price change");
    await buildPhoto(ctx.app, bia);
    assert.deepEqual(await inCity("com_fotos=1"), [bia], "a main photo added");
    assert.ok((await country("com_fotos=1&ordem=recentes")).includes(bia), "without a city too");
    await updateModel(ctx.app, ana, { isActive: false });
    assert.deepEqual(await inCity("atende=hotel"), [bia], "hidden");
    assert.ok(!(await country("atende=hotel&ordem=recentes")).includes(ana));
    await updateModel(ctx.app, bia, { municipioId: other });
    assert.deepEqual(await inCity("atende=hotel"), [], "moved to another city");
    assert.deepEqual(ids(await list(`?city_id=${other}&atende=hotel`)), [bia]);
    const cris = await buildModel(ctx.app, { municipioId: city, receivesAt: ["hotel"] });
    assert.deepEqual(await inCity("atende=hotel"), [cris], "a new public model");
    assert.equal((await list(`?city_id=${city}&atende=hotel`)).facets?.atende.hotel, 1);
  });

  test("a tour under way lists her in the tour's city too, filters and facets included, until it is removed", async () => {
    const { token, id } = await registerModel(ctx.app, { municipio_id: 4205407, estado_id: 42 }); // Florianópolis
    await makeVisible(ctx.app, id);
    await updateModel(ctx.app, id, { receivesAt: ["hotel"] });
    const joinville = 4209102;
    const inJoinville = async () => ids(await list(`?city_id=${joinville}&atende=hotel&limit=50`));
    assert.ok(!(await inJoinville()).includes(id), "the index is built here, before her tour");
    const today = todayInSaoPaulo();
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/models/tours",
      headers: bearer(token),
      payload: { municipio_id: joinville, starts_on: today, ends_on: addDays(today, 2) },
    });
    assert.equal(res.statusCode, 201, res.body);
    assert.ok((await inJoinville()).includes(id), "listed in the tour's city at once");
    assert.ok(ids(await list(`?city_id=${joinville}&limit=50`)).includes(id), "the plain city page too");
    assert.ok(ids(await list(`?city_id=4205407&atende=hotel&limit=50`)).includes(id), "and still at home");
    await ctx.app.inject({ method: "DELETE", url: `/api/models/tours/${res.json().tour.id}`, headers: bearer(token) });
    assert.ok(!(await inJoinville()).includes(id), "gone with the tour");
  });

  test("the card carries the price, the availability, the neighbourhood and where she receives", async () => {
    const city = 3304557; // Rio de Janeiro
    const id = await buildModel(ctx.app, {
      municipioId: city,
      rates: rates("2 horas R$ 280,50"),
      receivesAt: ["eventos"],
      neighborhood: "Copacabana",
      availableUntil: inAnHour(),
    });
    const ended = await buildModel(ctx.app, { municipioId: city, availableUntil: new Date(Date.now() - 1000) });
    const cards = (await list(`?city_id=${city}&ordem=recentes`)).models;
    const card = cards.find((c) => c.id === id)!;
    assert.equal(card.price_from, 140.25);
    assert.equal(card.neighborhood, "Copacabana");
    assert.deepEqual(card.receives_at, ["eventos"]);
    assert.ok(typeof card.available_until === "string" && Date.parse(card.available_until) > Date.now());
    assert.equal(cards.find((c) => c.id === ended)!.available_until, null, "an ended availability is not shown");
  });

  test("facets count each option within the other filters, never a hidden model", async () => {
    const city = 4314902; // Porto Alegre
    const a = await buildModel(ctx.app, { municipioId: city, receivesAt: ["hotel"], availableUntil: inAnHour() });
    await buildPhoto(ctx.app, a);
    await buildModel(ctx.app, { municipioId: city, receivesAt: ["hotel", "motel"] });
    await buildModel(ctx.app, { municipioId: city, receivesAt: ["viagens"], age: 40 });
    await buildModel(ctx.app, {
      municipioId: city,
      receivesAt: ["hotel"],
      availableUntil: inAnHour(),
      isActive: false,
    });
    const listing = await list(`?city_id=${city}&atende=hotel&idade_max=30`);
    assert.equal(listing.pagination.total, 2);
    assert.deepEqual(listing.facets, {
      atende: { local_proprio: 0, hotel: 2, motel: 1, domicilio: 0, eventos: 0, viagens: 0 },
      verificada: 2,
      com_fotos: 1,
      disponivel: 1,
    });
  });
});

describe("GET /api/models/public: orders", () => {
  test("relevância: featured, then Disponível agora, then newest; the other orders", async () => {
    const city = 3170206; // Uberlândia
    const old = await buildModel(ctx.app, { municipioId: city, rates: rates("1h R$ 200"), viewsCount: 50 });
    const featured = await buildModel(ctx.app, { municipioId: city, isFeatured: true, viewsCount: 10 });
    const available = await buildModel(ctx.app, {
      municipioId: city,
      availableUntil: inAnHour(),
      rates: rates("1h R$ 100"),
      viewsCount: 5,
    });
    const newest = await buildModel(ctx.app, { municipioId: city, rates: rates("1h R$ 300"), viewsCount: 99 });
    const q = (order: string) => list(`?city_id=${city}${order}`).then(ids);
    assert.deepEqual(await q(""), [featured, available, newest, old]);
    assert.deepEqual(await q("&ordem=relevancia"), [featured, available, newest, old]);
    assert.deepEqual(await q("&ordem=recentes"), [newest, available, featured, old]);
    assert.deepEqual(await q("&ordem=menor_preco"), [available, old, newest, featured], "no price last");
    assert.deepEqual(await q("&ordem=maior_preco"), [newest, old, available, featured], "no price last");
    assert.deepEqual(await q("&ordem=mais_vistas"), [newest, old, featured, available]);
    // Relevance moves her down as soon as she is no longer available (the cached list is refreshed by the change).
    await updateModel(ctx.app, available, { availableUntil: null });
    assert.deepEqual(await q(""), [featured, newest, available, old]);
    assert.deepEqual(await q("&ordem=relevancia&disponivel=1"), []);
  });

  test("pages of a filtered list", async () => {
    const city = 2408102; // Natal
    const made: number[] = [];
    for (let i = 0; i < 5; i++) made.push(await buildModel(ctx.app, { municipioId: city, receivesAt: ["hotel"] }));
    const page2 = await list(`?city_id=${city}&atende=hotel&limit=2&page=2`);
    assert.deepEqual(ids(page2), [made[2], made[1]]);
    assert.deepEqual(page2.pagination, { page: 2, pages: 3, total: 5 });
    const past = await list(`?city_id=${city}&atende=hotel&limit=2&page=9`);
    assert.deepEqual(past.pagination, { page: 9, pages: 3, total: 5 });
  });
});

describe("GET /api/models/public: bad filters", () => {
  test("400 with a Portuguese message per field", async () => {
    const cases: [string, string, string][] = [
      ["idade_min=17", "idade_min", "Idade mínima inválida"],
      ["idade_max=abc", "idade_max", "Idade máxima inválida"],
      ["idade_min=40&idade_max=30", "idade_min", "A idade mínima deve ser menor que a máxima"],
      ["preco_min=-5", "preco_min", "Preço mínimo inválido"],
      ["preco_min=500&preco_max=100", "preco_min", "O preço mínimo deve ser menor que o máximo"],
      ["ordem=barato", "ordem", "Ordem inválida"],
      ["atende=casa", "atende", "Local de atendimento inválido"],
      ["categoria=0", "categoria", "Categoria inválida"],
      ["disponivel=talvez", "disponivel", "Valor inválido para disponível"],
      [`bairro=${"x".repeat(61)}`, "bairro", "Bairro: no máximo 60 caracteres"],
    ];
    for (const [query, path, message] of cases) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/models/public?${query}` });
      assert.equal(res.statusCode, 400, query);
      const body = res.json() as { code: string; details: { path: string; message: string }[] };
      assert.equal(body.code, "VALIDATION_ERROR");
      assert.deepEqual(
        body.details.find((d) => d.path === path),
        { path, message },
        query,
      );
    }
  });
});

describe("GET /api/models/public/cards (favourites)", () => {
  test("the public cards among the ids, in their order; hidden and unknown ids dropped without a word", async () => {
    const city = 2507507; // João Pessoa
    const a = await buildModel(ctx.app, { municipioId: city });
    const b = await buildModel(ctx.app, { municipioId: city, rates: rates("1h R$ 180") });
    const hidden = await buildModel(ctx.app, { municipioId: city, isActive: false });
    const cards = async (query: string) => {
      const res = await ctx.app.inject({ method: "GET", url: `/api/models/public/cards?ids=${query}` });
      assert.equal(res.statusCode, 200, res.body);
      return res.json() as { models: Card[] };
    };
    const got = await cards(`${b},${hidden},999999,${a},${b}`);
    assert.deepEqual(
      got.models.map((m) => m.id),
      [b, a],
    );
    assert.equal(got.models[0].price_from, 180);
    // Hidden later: gone at once from the cached answer.
    await updateModel(ctx.app, b, { isActive: false });
    assert.deepEqual(
      (await cards(`${b},${hidden},999999,${a},${b}`)).models.map((m) => m.id),
      [a],
    );
    for (const bad of ["", "x", "0", Array.from({ length: 101 }, (_, i) => i + 1).join(",")]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/models/public/cards?ids=${bad}` });
      assert.equal(res.statusCode, 400, bad);
      assert.equal(res.json().details[0].message, "Informe de 1 a 100 ids separados por vírgula");
    }
  });
});
