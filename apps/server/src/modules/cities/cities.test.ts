import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { useTestContext } from "../../test/fixtures";
import { CITIES, buildModel, updateModel } from "../../test/factories";

const ctx = useTestContext();

type City = { id: number; name: string; state: string; slug: string; models_count: number };

async function get<T>(url: string): Promise<T> {
  const res = await ctx.app.inject({ method: "GET", url });
  assert.equal(res.statusCode, 200, `${url}: ${res.body}`);
  return res.json() as T;
}

const BELO_HORIZONTE = 3106200;
const NITEROI = 3303302;

describe("cities with models", () => {
  before(async () => {
    // Visible: 2 in São Paulo, 1 in Campo Grande MS, 1 in Niterói (RJ).
    await buildModel(ctx.app, { municipioId: CITIES.saoPaulo });
    await buildModel(ctx.app, { municipioId: CITIES.saoPaulo, isFeatured: true });
    await buildModel(ctx.app, { municipioId: CITIES.campoGrandeMs });
    await buildModel(ctx.app, { municipioId: NITEROI });
    // Hidden ones must not count anywhere, not even by creating a city entry.
    await buildModel(ctx.app, { municipioId: CITIES.saoPaulo, isActive: false });
    await buildModel(ctx.app, { municipioId: CITIES.campoGrandeRn, validDays: 0 });
    await buildModel(ctx.app, { municipioId: CITIES.rio, validDays: -10 });
    await buildModel(ctx.app, { municipioId: BELO_HORIZONTE, validDays: null });
    await buildModel(ctx.app, { municipioId: BELO_HORIZONTE, deletedAt: new Date() });
  });

  test("GET /api/cities lists only cities with visible models, with their counts, by name", async () => {
    const { cities } = await get<{ cities: City[] }>("/api/cities");
    assert.deepEqual(cities, [
      { id: CITIES.campoGrandeMs, name: "Campo Grande", state: "MS", slug: "campo-grande-ms", models_count: 1 },
      { id: NITEROI, name: "Niterói", state: "RJ", slug: "niteroi-rj", models_count: 1 },
      { id: CITIES.saoPaulo, name: "São Paulo", state: "SP", slug: "sao-paulo-sp", models_count: 2 },
    ]);
  });

  test("GET /api/cities?state filters by state code, in any case", async () => {
    const { cities } = await get<{ cities: City[] }>("/api/cities?state=rj");
    assert.deepEqual(
      cities.map((c) => [c.slug, c.models_count]),
      [["niteroi-rj", 1]],
    );
    assert.deepEqual(await get("/api/cities?state=AM"), { cities: [] });
    const bad = await ctx.app.inject({ method: "GET", url: "/api/cities?state=Sao" });
    assert.equal(bad.statusCode, 400);
  });

  test("GET /api/cities/states sums visible models per state", async () => {
    assert.deepEqual(await get("/api/cities/states"), {
      states: [
        { state: "MS", models_count: 1 },
        { state: "RJ", models_count: 1 },
        { state: "SP", models_count: 2 },
      ],
    });
  });

  test("counts follow visibility changes at once", async () => {
    const id = await buildModel(ctx.app, { municipioId: 1721000 }); // Palmas TO
    let states = (await get<{ states: { state: string }[] }>("/api/cities/states")).states;
    assert.ok(states.some((s) => s.state === "TO"));
    await updateModel(ctx.app, id, { nextDueDate: "2000-01-01" });
    states = (await get<{ states: { state: string }[] }>("/api/cities/states")).states;
    assert.ok(!states.some((s) => s.state === "TO"));
    const { cities } = await get<{ cities: City[] }>("/api/cities?state=TO");
    assert.deepEqual(cities, []);
  });

  test("GET /api/cities/by-slug resolves same-named cities by their state code", async () => {
    const ms = await get<{ city: City }>("/api/cities/by-slug/campo-grande-ms");
    assert.deepEqual(ms.city, {
      id: CITIES.campoGrandeMs,
      name: "Campo Grande",
      state: "MS",
      slug: "campo-grande-ms",
      models_count: 1,
    });
    const rn = await get<{ city: City }>("/api/cities/by-slug/campo-grande-rn");
    assert.equal(rn.city.id, CITIES.campoGrandeRn);
    assert.equal(rn.city.state, "RN");
    assert.equal(rn.city.models_count, 0);
    assert.equal(
      (await get<{ city: City }>("/api/cities/by-slug/sao-jose-dos-campos-sp")).city.name,
      "São José dos Campos",
    );
    assert.equal((await get<{ city: City }>("/api/cities/by-slug/Sao-Paulo-SP")).city.id, CITIES.saoPaulo);
  });

  test("an unknown slug answers 404", async () => {
    for (const slug of ["campo-grande", "atlantida-xx", "sao%20paulo"]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/cities/by-slug/${slug}` });
      assert.equal(res.statusCode, 404, slug);
      assert.deepEqual(res.json(), { error: "Cidade não encontrada", code: "NOT_FOUND" });
    }
  });
});

describe("GET /api/cities/search", () => {
  const search = async (q: string) =>
    (await get<{ cities: City[] }>(`/api/cities/search?q=${encodeURIComponent(q)}`)).cities;

  test("is accent- and case-insensitive", async () => {
    for (const q of ["sao paulo", "SÃO PAULO", "São Paulo"]) {
      assert.equal((await search(q))[0].id, CITIES.saoPaulo, q);
    }
    assert.equal((await search("niteroi"))[0].slug, "niteroi-rj");
  });

  test("puts prefix matches first and cities with visible models first", async () => {
    const results = await search("campo grande");
    assert.deepEqual(results[0], {
      id: CITIES.campoGrandeMs,
      name: "Campo Grande",
      state: "MS",
      slug: "campo-grande-ms",
      models_count: 1,
    });
    const names = results.map((c) => `${c.name}-${c.state}`);
    assert.ok(names.includes("Campo Grande-RN"));
    assert.ok(names.includes("Campo Grande do Piauí-PI"));
    // Every prefix match comes before any city that only contains the text.
    const firstInner = results.findIndex((c) => !c.name.toLowerCase().startsWith("campo grande"));
    const lastPrefix = results.map((c) => c.name.toLowerCase().startsWith("campo grande")).lastIndexOf(true);
    assert.ok(firstInner === -1 || lastPrefix < firstInner);
    // A hidden model does not count: Campo Grande RN has only a model due today.
    assert.equal(results.find((c) => c.slug === "campo-grande-rn")?.models_count, 0);
  });

  test("a trailing state code narrows the search; hyphens and spaces are alike", async () => {
    assert.deepEqual(
      (await search("campo grande rn")).map((c) => c.slug),
      ["campo-grande-rn"],
    );
    assert.equal((await search("embu guacu"))[0].slug, "embu-guacu-sp");
    assert.equal((await search("sao-jose-dos-campos"))[0].slug, "sao-jose-dos-campos-sp");
  });

  test("answers at most 20 cities", async () => {
    const results = await search("sa");
    assert.equal(results.length, 20);
    assert.equal(results[0].slug, "sao-paulo-sp"); // prefix match with models
  });

  test("needs 2 characters after trimming", async () => {
    for (const q of ["", " a ", "a"]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/cities/search?q=${encodeURIComponent(q)}` });
      assert.equal(res.statusCode, 400, q);
      assert.equal(res.json().details[0].message, "Digite pelo menos 2 caracteres");
    }
    assert.deepEqual(await search("zzzz"), []);
  });
});
