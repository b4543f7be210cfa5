import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  formatBRL,
  fromCents,
  hasAtMostTwoDecimals,
  MoneyInputSchema,
  MoneySchema,
  parseMoney,
  sumMoney,
  toCents,
} from "./index";

/** Intl writes a no-break space after "R$". */
const brl = (text: string) => text.replace(" ", "\u00a0");

describe("toCents and fromCents", () => {
  test("reais with up to two decimals become exact integer cents", () => {
    assert.equal(toCents(59.9), 5990);
    assert.equal(toCents(0.1), 10);
    assert.equal(toCents(0.29), 29); // 0.29 * 100 is 28.999999999999996
    assert.equal(toCents(19.99), 1999); // 19.99 * 100 is 1998.9999999999998 in floating point
    assert.equal(toCents(1234567.89), 123456789);
    assert.ok(Object.is(toCents(-0), 0), "no negative zero");
  });

  test("cents become reais for the API", () => {
    assert.equal(fromCents(5990), 59.9);
    assert.equal(fromCents(10000), 100);
    assert.equal(fromCents(1), 0.01);
  });

  test("non-numbers are refused instead of travelling on as NaN", () => {
    assert.throws(() => toCents(Number.NaN), RangeError);
    assert.throws(() => toCents(Number.POSITIVE_INFINITY), RangeError);
    assert.throws(() => fromCents(59.9), RangeError);
    assert.throws(() => fromCents(Number.NaN), RangeError);
  });

  test("sums go through cents, so they are exact", () => {
    assert.notEqual(0.1 + 0.2, 0.3);
    assert.equal(sumMoney([0.1, 0.2]), 0.3);
    assert.equal(sumMoney([59.9, 59.9, 59.9]), 179.7);
    assert.equal(sumMoney([]), 0);
  });

  test("hasAtMostTwoDecimals", () => {
    assert.equal(hasAtMostTwoDecimals(59.99), true);
    assert.equal(hasAtMostTwoDecimals(100), true);
    assert.equal(hasAtMostTwoDecimals(10.999), false);
    assert.equal(hasAtMostTwoDecimals(Number.NaN), false);
  });
});

describe("formatBRL", () => {
  test("reais in the pt-BR currency format, always two decimals", () => {
    assert.equal(formatBRL(59.9), brl("R$ 59,90"));
    assert.equal(formatBRL(100), brl("R$ 100,00"));
    assert.equal(formatBRL(1234.56), brl("R$ 1.234,56"));
    assert.equal(formatBRL(0.1 + 0.2), brl("R$ 0,30"));
  });

  test("a value that is no number shows as zero", () => {
    assert.equal(formatBRL(Number.NaN), brl("R$ 0,00"));
  });
});

describe("parseMoney (text typed by a person → cents)", () => {
  const cases: Array<[string, number | null]> = [
    ["59,90", 5990],
    ["59.90", 5990],
    ["59,9", 5990],
    ["59.9", 5990],
    ["59,", 5900],
    [",50", 50],
    ["100", 10000],
    ["0", 0],
    ["007,50", 750],
    ["1.234,56", 123456],
    ["1.234", 123400], // a dot before three digits groups thousands, as in pt-BR
    ["10.999", 1099900],
    ["1.234.567,89", 123456789],
    ["R$ 1.234,56", 123456],
    ["R$\u00a059,90", 5990],
    ["  12,34  ", 1234],
    ["", null],
    ["   ", null],
    [",", null],
    ["R$", null],
    ["caro", null],
    ["-5", null],
    ["10,999", null],
    ["10.9999", null],
    ["1,2,3", null],
    ["12.34.5", null],
    ["1.23,45", null],
    ["1234,5.6", null],
    ["1e3", null],
    ["9999999999999", null],
  ];
  for (const [text, cents] of cases) {
    test(`${JSON.stringify(text)} → ${cents}`, () => assert.equal(parseMoney(text), cents));
  }

  test("the largest accepted amount is still exact", () => {
    assert.equal(parseMoney("999999999999,99"), 99_999_999_999_999);
  });
});

describe("MoneySchema and MoneyInputSchema", () => {
  const messageOf = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    result.success ? null : result.error?.issues[0]?.message;

  test("a number in reais: not negative, at most two decimals, at most one million", () => {
    assert.equal(MoneySchema.parse(59.9), 59.9);
    assert.equal(MoneySchema.parse(0), 0);
    assert.equal(messageOf(MoneySchema.safeParse(-1)), "O valor não pode ser negativo");
    assert.equal(messageOf(MoneySchema.safeParse(10.999)), "Use no máximo duas casas decimais");
    assert.equal(messageOf(MoneySchema.safeParse(1_000_000.01)), "Valor muito alto");
    assert.equal(messageOf(MoneySchema.safeParse("59,90")), "Valor inválido");
    assert.equal(messageOf(MoneySchema.safeParse(Number.NaN)), "Valor inválido");
  });

  test("the input schema also reads text the Brazilian way", () => {
    assert.equal(MoneyInputSchema.parse("59,90"), 59.9);
    assert.equal(MoneyInputSchema.parse("R$ 1.234,56"), 1234.56);
    assert.equal(MoneyInputSchema.parse(12.5), 12.5);
    assert.equal(messageOf(MoneyInputSchema.safeParse("caro")), "Valor inválido");
    assert.equal(messageOf(MoneyInputSchema.safeParse("")), "Valor inválido");
    assert.equal(messageOf(MoneyInputSchema.safeParse(null)), "Valor inválido");
  });
});
