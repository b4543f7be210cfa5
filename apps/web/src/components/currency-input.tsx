import { formatBRL, fromCents, onlyDigits, parseMoney, toCents } from "@vitrine/contracts";
import type { ChangeEvent } from "react";
import { Input } from "@/components/ui";
import type { InputProps } from "@/components/ui/input";

/** Up to R$ 9.999.999,99: more digits are ignored rather than overflowing. */
const MAX_DIGITS = 9;

/**
 * The currency mask: the digits typed are cents, shown as "R$ x,xx" ("15000" → "R$ 150,00"). No digits gives "".
 * Uses a plain space after "R$" (Intl puts a no-break space there), so the text is what a person would type.
 */
export function maskBRL(typed: string): string {
  const digits = onlyDigits(typed)
    .replace(/^0+(?=\d)/, "")
    .slice(0, MAX_DIGITS);
  if (!digits) return "";
  return formatBRL(fromCents(Number(digits))).replace(/\s/g, " ");
}

/** "R$ 1.234,56" → 1234.56 (reais); null when empty. */
export function parseMaskedBRL(masked: string): number | null {
  const cents = parseMoney(masked);
  return cents === null ? null : fromCents(cents);
}

/** 59.9 → "R$ 59,90", for filling a masked input from a stored amount in reais. */
export function amountToMasked(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  return maskBRL(String(toCents(amount)));
}

export type CurrencyInputProps = Omit<InputProps, "value" | "onChange" | "type" | "inputMode"> & {
  /** The masked text ("R$ 150,00" or ""). */
  value: string;
  onValueChange: (masked: string) => void;
};

/**
 * A text input with the BRL mask applied as the user types.
 * <CurrencyInput label="Preço" value={price} onValueChange={setPrice} />
 */
export function CurrencyInput({ value, onValueChange, placeholder = "R$ 0,00", ...rest }: CurrencyInputProps) {
  return (
    <Input
      {...rest}
      type="text"
      inputMode="numeric"
      autoComplete="off"
      placeholder={placeholder}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => onValueChange(maskBRL(e.target.value))}
    />
  );
}
