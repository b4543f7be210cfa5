import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";

export type SwitchProps = Omit<ComponentProps<"button">, "onChange" | "role"> & {
  checked: boolean;
  onCheckedChange: (checked: boolean) => void;
  /** The accessible name ("Ativa: Ana"); the switch draws no text of its own. */
  label: string;
  /** Shows the switch busy (a request is saving it) and ignores clicks meanwhile. */
  pending?: boolean;
};

/**
 * An on/off switch for a table cell (role="switch", Space or Enter toggles it). Gold when on.
 * <Switch checked={model.is_active} label={`Ativa: ${model.name}`} onCheckedChange={(on) => save(on)} />
 */
export function Switch({
  checked,
  onCheckedChange,
  label,
  pending = false,
  disabled,
  className,
  ...rest
}: SwitchProps) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      aria-label={label}
      aria-busy={pending || undefined}
      disabled={disabled}
      onClick={() => {
        if (!pending) onCheckedChange(!checked);
      }}
      className={cn(
        "relative inline-flex h-6 w-11 shrink-0 cursor-pointer items-center rounded-full border transition-colors duration-150",
        "disabled:cursor-not-allowed disabled:opacity-50",
        checked ? "border-accent bg-accent" : "border-line-strong bg-surface-3 hover:border-accent/60",
        pending && "cursor-progress opacity-70",
        className,
      )}
      {...rest}
    >
      <span
        aria-hidden="true"
        className={cn(
          "inline-block size-4.5 rounded-full shadow transition-transform duration-150",
          checked ? "translate-x-5.5 bg-accent-ink" : "translate-x-0.5 bg-ink-muted",
        )}
      />
    </button>
  );
}
