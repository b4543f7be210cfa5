// No zod here: the public pages load this file (the schemas are in money.ts, which re-exports it).
/**
 * Money. The API carries amounts as reais — a number with at most two decimals (59.9, 100) — and the database
 * stores them as integer cents. Sums and differences are made in cents, so they are exact: in floating point
 * 0.1 + 0.2 is 0.30000000000000004, in cents 10 + 20 is 30.
 */

/** Largest amount accepted anywhere, in reais. */
export const MONEY_MAX = 1_000_000;

/** Reais (at most two decimals) → integer cents, exactly: 59.9 → 5990. Not a finite number → RangeError. */
export function toCents(reais: number): number {
  if (!Number.isFinite(reais)) throw new RangeError(`Valor em reais inválido: ${reais}`);
  const cents = Math.round(reais * 100);
  return cents === 0 ? 0 : cents; // no -0
}

/** Integer cents → reais for the API and the screens: 5990 → 59.9. Not an integer → RangeError. */
export function fromCents(cents: number): number {
  if (!Number.isSafeInteger(cents)) throw new RangeError(`Valor em centavos inválido: ${cents}`);
  return cents / 100;
}

/** Adds amounts in reais through cents: sumMoney([0.1, 0.2]) is 0.3, not 0.30000000000000004. */
export function sumMoney(amounts: readonly number[]): number {
  return fromCents(amounts.reduce((sum, reais) => sum + toCents(reais), 0));
}

/** True when `reais` has at most two decimals (59.9, 59.99, 100; not 10.999). */
export function hasAtMostTwoDecimals(reais: number): boolean {
  return Number.isFinite(reais) && Math.abs(reais * 100 - Math.round(reais * 100)) < 1e-6;
}

const BRL = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/**
 * An amount in REAIS (as the API sends it) → "R$ 59,90", pt-BR style, always two decimals. Intl puts a no-break
 * space after "R$". Not a finite number → "R$ 0,00".
 */
export function formatBRL(reais: number): string {
  return BRL.format(Number.isFinite(reais) ? fromCents(toCents(reais)) : 0);
}

/** Integer reais this long or longer cannot be counted exactly in cents (beyond Number.MAX_SAFE_INTEGER). */
const MAX_INTEGER_DIGITS = 13;
const THOUSANDS = /^\d{1,3}(?:\.\d{3})+$/;

/**
 * Money typed by a person → integer CENTS, or null when it is not an amount. Accepts the Brazilian form and the
 * plain decimal form, with or without "R$": "59,90", "59.90", "59,9", "1.234,56", "1.234" (one thousand two
 * hundred and thirty-four), "R$ 1.234,56", "100". Refuses negative amounts, more than two decimals, misplaced
 * thousands dots ("12.34.5") and anything else ("caro", "", "1,2,3"). Parsed from the digits, so it is exact.
 */
export function parseMoney(text: string): number | null {
  const s = text
    .trim()
    .replace(/^R\$/i, "")
    .replace(/[\s\u00a0\u202f]/g, "");
  let integer: string;
  let fraction = "";
  if (s.includes(",")) {
    const [whole, decimals, extra] = s.split(",");
    if (extra !== undefined || !/^\d{0,2}$/.test(decimals)) return null;
    if (whole !== "" && !/^\d+$/.test(whole) && !THOUSANDS.test(whole)) return null;
    if (whole === "" && decimals === "") return null;
    integer = whole.replace(/\./g, "");
    fraction = decimals;
  } else if (/^\d*\.\d{1,2}$/.test(s)) {
    [integer, fraction] = s.split(".");
  } else if (/^\d+$/.test(s) || THOUSANDS.test(s)) {
    integer = s.replace(/\./g, "");
  } else {
    return null;
  }
  integer = integer.replace(/^0+(?=\d)/, "") || "0";
  if (integer.length >= MAX_INTEGER_DIGITS) return null;
  return Number(integer) * 100 + Number(fraction.padEnd(2, "0"));
}
