import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { formatCount, plural, whatsappLink } from "./index";

describe("plural", () => {
  test("one takes the singular", () => {
    assert.equal(plural(1, "visualização", "visualizações"), "1 visualização");
    assert.equal(plural(-1, "dia", "dias"), "-1 dia");
  });

  test("zero and more than one take the plural", () => {
    assert.equal(plural(0, "visualização", "visualizações"), "0 visualizações");
    assert.equal(plural(2, "modelo encontrada", "modelos encontradas"), "2 modelos encontradas");
  });

  test("the number is written pt-BR (thousands with a dot)", () => {
    assert.equal(plural(12345, "cidade", "cidades"), "12.345 cidades");
    assert.equal(formatCount(1234567), "1.234.567");
  });
});

describe("whatsappLink", () => {
  test("digits with the country code, the message URL-encoded", () => {
    assert.equal(
      whatsappLink("(11) 98765-4321", "Olá, vi seu anúncio na Vitrine & Cia e gostaria de mais informações."),
      "https://wa.me/5511987654321?text=Ol%C3%A1%2C%20vi%20seu%20an%C3%BAncio%20na%20Vitrine%20%26%20Cia%20e%20gostaria%20de%20mais%20informa%C3%A7%C3%B5es.",
    );
  });

  test("without a message, the bare chat link; without a number, null", () => {
    assert.equal(whatsappLink("5511987654321"), "https://wa.me/5511987654321");
    assert.equal(whatsappLink(""), null);
    assert.equal(whatsappLink(null, "Olá"), null);
  });
});
