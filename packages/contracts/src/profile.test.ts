import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { cleanPlainText, normalizeInstagram, ProfileBodySchema } from "./index";
import { issuesOf } from "./test-helpers";

const REQUIRED = { name: "Ana", age: 30, estado_id: 35, municipio_id: 3550308, category_id: 1 };

describe("ProfileBodySchema", () => {
  test("only name, age, estado, município and category are required; absent fields stay absent", () => {
    assert.deepEqual(ProfileBodySchema.parse(REQUIRED), REQUIRED);
    assert.deepEqual(Object.keys(issuesOf(ProfileBodySchema, {})).sort(), [
      "age",
      "category_id",
      "estado_id",
      "municipio_id",
      "name",
    ]);
  });

  test("height and weight take a decimal comma; empty means null", () => {
    const body = ProfileBodySchema.parse({ ...REQUIRED, height: "1,68", weight: "58.5" });
    assert.equal(body.height, 1.68);
    assert.equal(body.weight, 58.5);
    const cleared = ProfileBodySchema.parse({ ...REQUIRED, height: "", weight: null });
    assert.equal(cleared.height, null);
    assert.equal(cleared.weight, null);
  });

  test("height and weight ranges and decimals", () => {
    assert.deepEqual(issuesOf(ProfileBodySchema, { ...REQUIRED, height: 3, weight: 29.9 }), {
      height: "A altura deve estar entre 1 e 2,5 m",
      weight: "O peso deve estar entre 30 e 300 kg",
    });
    assert.deepEqual(issuesOf(ProfileBodySchema, { ...REQUIRED, height: "1,685", weight: "58,55" }), {
      height: "Altura: use no máximo 2 casas decimais",
      weight: "Peso: use no máximo 1 casa decimal",
    });
    assert.deepEqual(issuesOf(ProfileBodySchema, { ...REQUIRED, height: "alta" }), { height: "Altura inválida" });
  });

  test("instagram: a handle or a profile address, stored as the bare handle", () => {
    const parse = (instagram: unknown) => ProfileBodySchema.parse({ ...REQUIRED, instagram }).instagram;
    assert.equal(parse("@Ana.Silva"), "ana.silva");
    assert.equal(parse("https://www.instagram.com/ana.silva?hl=pt"), "ana.silva");
    assert.equal(parse(""), null);
    assert.deepEqual(issuesOf(ProfileBodySchema, { ...REQUIRED, instagram: "ana silva" }), {
      instagram: "Instagram inválido: use apenas letras, números, ponto e sublinhado (até 30)",
    });
  });

  test("rates: the JSON { tags, obs } (or an object) is stored re-serialised and cleaned", () => {
    const body = ProfileBodySchema.parse({ ...REQUIRED, rates: { tags: [" 1h R$ 150,00 "], obs: "a\u0000b" } });
    assert.deepEqual(JSON.parse(String(body.rates)), { tags: ["1h R$ 150,00"], obs: "ab" });
    assert.deepEqual(JSON.parse(String(ProfileBodySchema.parse({ ...REQUIRED, rates: "" }).rates)), {
      tags: [],
      obs: "",
    });
    assert.deepEqual(issuesOf(ProfileBodySchema, { ...REQUIRED, rates: "1h, 2h" }), {
      rates: 'Valores inválidos: envie o JSON {"tags": [...], "obs": "..."}',
    });
  });

  test("services are joined as 'a, b, c'; text fields drop control characters", () => {
    const body = ProfileBodySchema.parse({ ...REQUIRED, services: " Jantar,, Eventos ,Viagens", description: null });
    assert.equal(body.services, "Jantar, Eventos, Viagens");
    assert.equal(body.description, "");
  });
});

describe("text helpers", () => {
  test("cleanPlainText keeps line breaks and tabs, drops other control characters, normalises CRLF", () => {
    assert.equal(cleanPlainText("a\r\nb\rc\td\u0007e\u007f"), "a\nb\nc\tde");
  });

  test("normalizeInstagram", () => {
    assert.equal(normalizeInstagram("instagr.am/Ana_1/"), "ana_1");
    assert.equal(normalizeInstagram("  @ana "), "ana");
  });
});
