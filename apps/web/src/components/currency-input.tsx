import type { ChangeEvent, ReactNode } from "react";
import { Input } from "@/components/ui";
import type { InputProps } from "@/components/ui/input";
import { chargeText, maskBRL } from "@/lib/money-input";

export { amountToMasked } from "@/lib/money-input";

export type CurrencyInputProps = Omit<InputProps, "value" | "onChange" | "type" | "inputMode"> & {
  /** The masked text ("R$ 150,00" or ""). */
  value: string;
  /** Receives the masked text; or `onChange`, which receives it as an event (so `{...form.field("amount")}` fits). */
  onValueChange?: (masked: string) => void;
  onChange?: (event: { target: { value: string } }) => void;
  /**
   * For a field whose amount is charged: the line under it states it ("Será cobrado: R$ 49,90"); `hint` is shown
   * while the field holds no amount.
   */
  charge?: boolean;
};

/**
 * The money field of the app: a text input with the BRL mask (see maskBRL) applied as the user types.
 * <CurrencyInput label="Preço" value={price} onValueChange={setPrice} />
 * <CurrencyInput label="Valor" {...form.field("amount")} charge />
 */
export function CurrencyInput({
  value,
  onValueChange,
  onChange,
  placeholder = "R$ 0,00",
  charge,
  hint,
  ...rest
}: CurrencyInputProps) {
  const charged = charge ? chargeText(value) : null;
  const shownHint: ReactNode = charged ? <span className="font-medium text-ink">{charged}</span> : hint;
  return (
    <Input
      {...rest}
      hint={shownHint}
      type="text"
      inputMode="decimal"
      autoComplete="off"
      placeholder={placeholder}
      value={value}
      onChange={(e: ChangeEvent<HTMLInputElement>) => {
        const masked = maskBRL(e.target.value);
        onValueChange?.(masked);
        onChange?.({ target: { value: masked } });
      }}
    />
  );
}
