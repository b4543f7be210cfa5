import { onlyDigits } from "@vitrine/contracts";
import type { ChangeEvent } from "react";
import { Input } from "@/components/ui";
import type { InputProps } from "@/components/ui/input";

/** Up to R$ 9.999.999,99: more digits are ignored rather than overflowing. */
const MAX_DIGITS = 9;

const decimal = new Intl.NumberFormat("pt-BR", { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * The SPEC §5 currency mask: the digits typed, divided by 100, as "R$ x,xx" ("15000" → "R$ 150,00").
 * No digits gives "". Uses a plain space (Intl would put a no-break space after "R$").
 */
export function maskBRL(typed: string): string {
  const digits = onlyDigits(typed)
    .replace(/^0+(?=\d)/, "")
    .slice(0, MAX_DIGITS);
  if (!digits) return "";
  return `R$ ${decimal.format(Number(digits) / 100)}`;
}

/** "R$ 1.234,56" → 1234.56; null when empty. */
export function parseMaskedBRL(masked: string): number | null {
  const digits = onlyDigits(masked);
  return digits ? Number(digits) / 100 : null;
}

/** 59.9 → "R$ 59,90", for filling a masked input from a stored amount. */
export function amountToMasked(amount: number | null | undefined): string {
  if (amount === null || amount === undefined || !Number.isFinite(amount)) return "";
  return maskBRL(String(Math.round(amount * 100)));
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
