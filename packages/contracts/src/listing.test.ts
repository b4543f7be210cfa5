import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  AvailabilityBodySchema,
  hasListingFilters,
  hourlyPriceFrom,
  isAvailableNow,
  ListingFiltersSchema,
  listingFiltersToSearchParams,
  parseRateTag,
  ProfileBodySchema,
  PublicCardsQuerySchema,
  PublicModelsQuerySchema,
  readListingFilters,
} from "./index";
import { issuesOf } from "./test-helpers";

describe("parseRateTag", () => {
  test("reads the duration in minutes and the price in reais, exact to the cent", () => {
    assert.deepEqual(parseRateTag("30min R$ 100"), { minutes: 30, price: 100 });
    assert.deepEqual(parseRateTag("1h R$ 150"), { minutes: 60, price: 150 });
    assert.deepEqual(parseRateTag("2 horas R$ 280,50"), { minutes: 120, price: 280.5 });
    assert.deepEqual(parseRateTag("1h30 R$ 200"), { minutes: 90, price: 200 });
    assert.deepEqual(parseRateTag("1 hora e 30 minutos R$ 200"), { minutes: 90, price: 200 });
    assert.deepEqual(parseRateTag("meia hora R$ 80"), { minutes: 30, price: 80 });
    assert.deepEqual(parseRateTag("R$ 150 1h"), { minutes: 60, price: 150 });
    assert.deepEqual(parseRateTag("1,5h R$1.234,56"), { minutes: 90, price: 1234.56 });
  });

  test("a tag without a duration keeps its price; without a price it is null", () => {
    assert.deepEqual(parseRateTag("pernoite R$ 1.000"), { minutes: null, price: 1000 });
    assert.equal(parseRateTag("1h"), null);
    assert.equal(parseRateTag("1h a combinar"), null);
    assert.equal(parseRateTag("1h R$ caro"), null);
    assert.equal(parseRateTag(""), null);
  });
});

describe("hourlyPriceFrom", () => {
  test("the lowest price per hour among the tags whose duration parses, rounded to the cent", () => {
    assert.equal(hourlyPriceFrom(["1h R$ 150", "30min R$ 100", "2 horas R$ 250"]), 125);
    assert.equal(hourlyPriceFrom(["1h R$ 150", "pernoite R$ 100"]), 150);
    assert.equal(hourlyPriceFrom(["45min R$ 100"]), 133.33);
    assert.equal(hourlyPriceFrom(["3 horas R$ 100"]), 33.33);
  });

  test("nothing that parses gives null (old profiles keep working)", () => {
    assert.equal(hourlyPriceFrom([]), null);
    assert.equal(hourlyPriceFrom(["pernoite R$ 1.000", "a combinar"]), null);
  });
});

describe("ListingFiltersSchema", () => {
  test("reads every filter; the default order is relevância", () => {
    assert.deepEqual(ListingFiltersSchema.parse({}), { ordem: "relevancia" });
    const parsed = ListingFiltersSchema.parse({
      categoria: "2",
      idade_min: "20",
      idade_max: "30",
      preco_min: "0",
      preco_max: "300",
      servico: "Massagem, beijo grego,massagem",
      atende: ["motel", "hotel"],
      bairro: " Moema ",
      verificada: "1",
      com_fotos: "1",
      disponivel: "1",
      ordem: "menor_preco",
    });
    assert.deepEqual(
      { ...parsed },
      {
        categoria: 2,
        idade_min: 20,
        idade_max: 30,
        preco_min: 0,
        preco_max: 300,
        servico: ["massagem", "beijo grego"],
        atende: ["hotel", "motel"],
        bairro: "Moema",
        verificada: true,
        com_fotos: true,
        disponivel: true,
        ordem: "menor_preco",
      },
    );
  });

  test("empty values mean not given", () => {
    const parsed = ListingFiltersSchema.parse({ idade_min: "", servico: "", atende: "", verificada: "", ordem: "" });
    assert.equal(parsed.idade_min, undefined);
    assert.equal(parsed.servico, undefined);
    assert.equal(parsed.atende, undefined);
    assert.equal(parsed.verificada, undefined);
    assert.equal(parsed.ordem, "relevancia");
  });

  test("bad values are refused with a Portuguese message per field", () => {
    assert.deepEqual(
      issuesOf(ListingFiltersSchema, {
        categoria: "x",
        idade_min: "17",
        idade_max: "100",
        preco_min: "-1",
        preco_max: "1,5",
        servico: Array.from({ length: 11 }, (_, i) => `s${i}`).join(","),
        atende: "casa",
        bairro: "x".repeat(61),
        verificada: "sim",
        ordem: "preco",
      }),
      {
        categoria: "Categoria inválida",
        idade_min: "Idade mínima inválida",
        idade_max: "Idade máxima inválida",
        preco_min: "Preço mínimo inválido",
        preco_max: "Preço máximo inválido",
        servico: "Escolha no máximo 10 serviços",
        atende: "Local de atendimento inválido",
        bairro: "Bairro: no máximo 60 caracteres",
        verificada: "Valor inválido para verificada",
        ordem: "Ordem inválida",
      },
    );
    assert.deepEqual(issuesOf(ListingFiltersSchema, { idade_min: "40", idade_max: "30" }), {
      idade_min: "A idade mínima deve ser menor que a máxima",
    });
    assert.deepEqual(issuesOf(ListingFiltersSchema, { preco_min: "400", preco_max: "300" }), {
      preco_min: "O preço mínimo deve ser menor que o máximo",
    });
    assert.deepEqual(issuesOf(ListingFiltersSchema, { idade_min: ["20", "30"] }), {
      idade_min: "Idade mínima inválida",
    });
  });

  test("the listing query carries the filters next to SPEC's parameters", () => {
    const q = PublicModelsQuerySchema.parse({ city_id: "5", page: "2", disponivel: "1", ordem: "recentes" });
    assert.equal(q.city_id, 5);
    assert.equal(q.page, 2);
    assert.equal(q.disponivel, true);
    assert.equal(q.ordem, "recentes");
    assert.deepEqual(issuesOf(PublicModelsQuerySchema, { idade_min: "50", idade_max: "20" }), {
      idade_min: "A idade mínima deve ser menor que a máxima",
    });
  });
});

describe("readListingFilters and the URL helpers", () => {
  test("a page URL reads the same as the API query; invalid parameters are listed and left out", () => {
    const url = new URLSearchParams("atende=hotel&atende=motel&idade_min=20&ordem=xyz&disponivel=1");
    const { filters, errors } = readListingFilters(url);
    assert.deepEqual(filters, { atende: ["hotel", "motel"], idade_min: 20, disponivel: true, ordem: "relevancia" });
    assert.deepEqual(errors, [{ path: "ordem", message: "Ordem inválida" }]);
    const crossed = readListingFilters({ idade_min: "40", idade_max: "30" });
    assert.deepEqual(crossed.filters, { idade_max: 30, ordem: "relevancia" });
  });

  test("only non-default values, in a stable order; round trip", () => {
    const filters = readListingFilters({
      ordem: "maior_preco",
      disponivel: "1",
      servico: "massagem,beijo",
      categoria: "3",
      atende: "viagens,hotel",
    }).filters;
    const params = listingFiltersToSearchParams(filters);
    assert.equal(
      params.toString(),
      "categoria=3&servico=massagem%2Cbeijo&atende=hotel%2Cviagens&disponivel=1&ordem=maior_preco",
    );
    assert.deepEqual(readListingFilters(params).filters, filters);
    assert.equal(listingFiltersToSearchParams({ ordem: "relevancia" }).toString(), "");
  });

  test("hasListingFilters: any filter or a non-default order", () => {
    assert.equal(hasListingFilters({ ordem: "relevancia" }), false);
    assert.equal(hasListingFilters({}), false);
    assert.equal(hasListingFilters({ ordem: "recentes" }), true);
    assert.equal(hasListingFilters({ ordem: "relevancia", com_fotos: true }), true);
  });
});

describe("availability, profile fields and cards by ids", () => {
  test("1 to 8 whole hours", () => {
    assert.deepEqual(AvailabilityBodySchema.parse({ hours: 8 }), { hours: 8 });
    for (const hours of [0, 9, 1.5, "2"])
      assert.deepEqual(issuesOf(AvailabilityBodySchema, { hours }), { hours: "Escolha de 1 a 8 horas" });
  });

  test("isAvailableNow compares the end with now", () => {
    const now = new Date("2026-01-01T12:00:00Z");
    assert.equal(isAvailableNow("2026-01-01T12:00:01Z", now), true);
    assert.equal(isAvailableNow("2026-01-01T12:00:00Z", now), false);
    assert.equal(isAvailableNow(null, now), false);
  });

  test("profile: receives_at, neighborhood and languages", () => {
    const base = { name: "Ana", age: 30, estado_id: 35, municipio_id: 3550308, category_id: 1 };
    const body = ProfileBodySchema.parse({
      ...base,
      receives_at: ["hotel", "hotel", "motel"],
      neighborhood: "  Vila   Madalena ",
      languages: ["pt", "en"],
    });
    assert.deepEqual(body.receives_at, ["hotel", "motel"]);
    assert.equal(body.neighborhood, "Vila Madalena");
    assert.deepEqual(body.languages, ["pt", "en"]);
    assert.equal(ProfileBodySchema.parse({ ...base, neighborhood: "" }).neighborhood, null);
    assert.equal(ProfileBodySchema.parse(base).neighborhood, undefined);
    assert.deepEqual(issuesOf(ProfileBodySchema, { ...base, receives_at: ["casa"], languages: ["xx"] }), {
      "receives_at.0": "Local de atendimento inválido",
      "languages.0": "Idioma inválido",
    });
  });

  test("cards by ids: 1 to 100 ids, repeated ones once", () => {
    assert.deepEqual(PublicCardsQuerySchema.parse({ ids: "3, 1,3" }).ids, [3, 1]);
    const hundredOne = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    for (const ids of ["", "a", "0", hundredOne, "99999999999"])
      assert.deepEqual(issuesOf(PublicCardsQuerySchema, { ids }), {
        ids: "Informe de 1 a 100 ids separados por vírgula",
      });
  });
});
