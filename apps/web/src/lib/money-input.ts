import { formatBRL, fromCents, onlyDigits, parseMoney, toCents } from "@vitrine/contracts";

/**
 * What a money field does with what is typed into it. Every money field of the app goes through here (through
 * CurrencyInput) and reads the result back with parseMoney, the one parser of typed money (@vitrine/contracts).
 *
 * - Typed key by key, the digits are cents: "4", "9", "9", "0" (with or without a "," or "." in between) shows
 *   "R$ 49,90". A separator adds no digit, so "49,90", "49.90" and "4990" all give R$ 49,90, and "1.234,56"
 *   gives R$ 1.234,56.
 * - Pasted or filled whole ("59.9", "49,9", "R$ 1.234,56"): an amount with decimals is read as written, so
 *   "59.9" is R$ 59,90, not R$ 5,99. Whole text without decimals ("100") follows the digits rule.
 */

/** Up to R$ 9.999.999,99: more digits are ignored rather than overflowing. */
const MAX_DIGITS = 9;

/** Text not produced by the mask (it starts with "R$") that ends in one or two decimals after "," or ".". */
const WHOLE_AMOUNT_WITH_DECIMALS = /^(?!\s*R\$)\s*[\d.,\s]*\d[.,]\d{1,2}\s*$/i;

/** Integer cents → the text the field shows: 4990 → "R$ 49,90" (a plain space, as a person would type). */
function showCents(cents: number): string {
  return formatBRL(fromCents(cents)).replace(/\s/g, " ");
}

/** What the field shows after `typed` (the input's whole new text): "R$ 49,90", or "" when no digits. */
export function maskBRL(typed: string): string {
  if (WHOLE_AMOUNT_WITH_DECIMALS.test(typed)) {
    const cents = parseMoney(typed);
    if (cents !== null && String(cents).length <= MAX_DIGITS) return showCents(cents);
  }
  const digits = onlyDigits(typed)
    .replace(/^0+(?=\d)/, "")
    .slice(0, MAX_DIGITS);
  return digits ? showCents(Number(digits)) : "";
}

/** The field's text → integer cents; null when empty or not an amount. */
export function maskedToCents(masked: string): number | null {
  return parseMoney(masked);
}

/** 59.9 → "R$ 59,90", for filling a money field from a stored amount in reais; "" for none. */
export function amountToMasked(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  return showCents(toCents(amount));
}

/** "Será cobrado: R$ 49,90" under a field whose text is an amount; null when it is none. */
export function chargeText(masked: string): string | null {
  const cents = maskedToCents(masked);
  return cents === null ? null : `Será cobrado: ${showCents(cents)}`;
}
