import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * One choice of a radio group drawn as a card (a plan, a way to pay): the whole card is the label, the chosen one is
 * outlined in the accent colour (filled with it when `accent`), and keyboard focus shows around the card. Its content
 * is a `title` over a line of `text`, or `children`; `centered` centres the radio against a one-line content.
 */
export function RadioCard({
  name,
  value,
  checked,
  onChange,
  title,
  text,
  children,
  centered = false,
  accent = false,
  ...data
}: {
  name: string;
  value: string | number;
  checked: boolean;
  onChange: () => void;
  title?: ReactNode;
  text?: ReactNode;
  children?: ReactNode;
  centered?: boolean;
  accent?: boolean;
  [attribute: `data-${string}`]: string | number;
}) {
  return (
    <label
      {...data}
      className={cn(
        "flex cursor-pointer gap-3 rounded-xl border px-4 py-3 transition-colors has-[:focus-visible]:outline-2 has-[:focus-visible]:outline-accent",
        centered && "items-center",
        checked
          ? cn("border-accent/70", accent ? "bg-accent-soft" : "bg-surface-3")
          : "border-line bg-surface-2 hover:border-line-strong",
      )}
    >
      <input
        type="radio"
        name={name}
        value={value}
        checked={checked}
        onChange={onChange}
        className={cn("size-4 shrink-0 accent-[var(--color-accent)]", !centered && "mt-1")}
      />
      {title !== undefined && (
        <span className="min-w-0">
          <span className="block font-medium text-ink">{title}</span>
          <span className="mt-0.5 block text-sm text-ink-muted">{text}</span>
        </span>
      )}
      {children}
    </label>
  );
}

/** A group of radio cards under its legend, stacked (or two columns from `sm` when `columns`). */
export function RadioCardGroup({
  legend,
  columns = false,
  disabled,
  className,
  children,
}: {
  legend: string;
  columns?: boolean;
  disabled?: boolean;
  className?: string;
  children: ReactNode;
}) {
  return (
    <fieldset disabled={disabled} className={className}>
      <legend className="mb-3 text-sm font-medium text-ink-muted">{legend}</legend>
      <div className={cn("gap-2", columns ? "grid sm:grid-cols-2" : "flex flex-col")}>{children}</div>
    </fieldset>
  );
}
