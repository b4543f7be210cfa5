import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { ProductBodySchema } from "./index";
import { issuesOf } from "./test-helpers";

describe("ProductBodySchema", () => {
  test("defaults: digital, active, empty description; the name is cleaned and trimmed", () => {
    assert.deepEqual(ProductBodySchema.parse({ name: " Vídeo\u0007 ", price: 59.9 }), {
      name: "Vídeo",
      description: "",
      price: 59.9,
      type: "digital",
      is_active: true,
    });
  });

  test("the price may be text typed the Brazilian way", () => {
    const priceOf = (price: unknown) => ProductBodySchema.parse({ name: "Vídeo", price }).price;
    assert.equal(priceOf("59,90"), 59.9);
    assert.equal(priceOf("R$ 1.234,56"), 1234.56);
    assert.equal(priceOf("1234.56"), 1234.56);
  });

  test("the price must be above zero, with at most two decimals", () => {
    const priceIssue = (price: unknown) => issuesOf(ProductBodySchema, { name: "Vídeo", price }).price;
    assert.equal(priceIssue(0), "O preço deve ser maior que zero");
    assert.equal(priceIssue(-5), "O valor não pode ser negativo");
    assert.equal(priceIssue(10.999), "Use no máximo duas casas decimais");
    assert.equal(priceIssue("caro"), "Valor inválido");
    assert.equal(priceIssue(undefined), "Valor inválido");
    assert.equal(priceIssue(1_000_001), "Valor muito alto");
  });

  test("every other field says what is wrong", () => {
    assert.deepEqual(
      issuesOf(ProductBodySchema, { name: "V", price: 10, type: "x", is_active: "true", description: 5 }),
      {
        name: "Nome do produto é obrigatório",
        description: "Descrição inválida",
        type: "Tipo inválido: use digital, fisico ou servico",
        is_active: "is_active deve ser true ou false",
      },
    );
  });
});
