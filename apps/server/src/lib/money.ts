/** Reais (at most 2 decimals) → integer cents, exactly. */
export function toCents(reais: number): number {
  return Math.round(reais * 100);
}

/** Integer cents → reais for the API (59.9, 100). */
export function fromCents(cents: number): number {
  return cents / 100;
}
