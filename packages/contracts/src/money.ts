import { z } from "zod";
import { fromCents, hasAtMostTwoDecimals, MONEY_MAX, parseMoney } from "./money-plain";

export * from "./money-plain";

/** Money in the API: reais, not negative, at most two decimals, at most MONEY_MAX. Stored as integer cents. */
export const MoneySchema = z
  .number({ error: "Valor inválido" })
  .nonnegative("O valor não pode ser negativo")
  .max(MONEY_MAX, "Valor muito alto")
  .refine(hasAtMostTwoDecimals, { message: "Use no máximo duas casas decimais" });

/**
 * Money that may also arrive as text typed by a person ("59,90", "R$ 1.234,56"), read with parseMoney. Text that
 * is no amount is left as it is, so the number check refuses it with "Valor inválido".
 */
export const MoneyInputSchema = z.preprocess((v) => {
  if (typeof v !== "string") return v;
  const cents = parseMoney(v);
  return cents === null ? v : fromCents(cents);
}, MoneySchema);
