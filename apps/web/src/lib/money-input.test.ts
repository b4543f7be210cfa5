import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { amountToMasked, chargeText, maskBRL, maskedToCents } from "./money-input";

/** What the field holds after `keys` are typed one by one into it (each change goes through the mask). */
function typeKeys(keys: string, start = ""): string {
  let shown = start;
  for (const key of keys) shown = maskBRL(shown + key);
  return shown;
}

describe("money field: typed key by key", () => {
  for (const [typed, cents] of [
    ["49,90", 4990],
    ["49.90", 4990],
    ["4990", 4990],
    ["1.234,56", 123456],
    ["R$ 1.234,56", 123456],
    ["0,05", 5],
  ] as const) {
    test(`"${typed}" is ${cents} cents`, () => {
      assert.equal(maskedToCents(typeKeys(typed)), cents);
    });
  }

  test("the field shows the amount as it will be charged", () => {
    assert.equal(typeKeys("49,90"), "R$ 49,90");
    assert.equal(typeKeys("1.234,56"), "R$ 1.234,56");
    assert.equal(typeKeys("15000"), "R$ 150,00");
  });

  test("letters add nothing; no digits is an empty field", () => {
    assert.equal(typeKeys("abc"), "");
    assert.equal(typeKeys("4a9"), "R$ 0,49");
  });

  test("backspace removes the last cent digit", () => {
    assert.equal(maskBRL("R$ 49,9"), "R$ 4,99");
    assert.equal(maskBRL("R$ 0,0"), "R$ 0,00");
  });

  test("at most R$ 9.999.999,99", () => {
    assert.equal(typeKeys("12345678901"), "R$ 1.234.567,89");
  });
});

describe("money field: pasted or filled whole", () => {
  for (const [pasted, cents] of [
    ["49,90", 4990],
    ["49.90", 4990],
    ["1.234,56", 123456],
    ["59.9", 5990],
    ["49,9", 4990],
    ["R$ 1.234,56", 123456],
    ["4990", 4990],
  ] as const) {
    test(`"${pasted}" is ${cents} cents`, () => {
      assert.equal(maskedToCents(maskBRL(pasted)), cents);
    });
  }

  test("an empty field stays empty", () => {
    assert.equal(maskBRL(""), "");
    assert.equal(maskedToCents(""), null);
  });
});

describe("money field: reading and filling", () => {
  test("the field's text in cents", () => {
    assert.equal(maskedToCents("R$ 49,90"), 4990);
    assert.equal(maskedToCents("R$ 1.234,56"), 123456);
  });

  test("a stored amount fills the field", () => {
    assert.equal(amountToMasked(29.9), "R$ 29,90");
    assert.equal(amountToMasked(899), "R$ 899,00");
    assert.equal(amountToMasked(null), "");
  });

  test("the charge line", () => {
    assert.equal(chargeText("R$ 49,90"), "Será cobrado: R$ 49,90");
    assert.equal(chargeText(""), null);
  });
});
