import { type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

/** Shared look of every text-like control (input, select, textarea). */
export const controlClasses = (invalid: boolean) =>
  cn(
    "block w-full rounded-xl border bg-surface-2 px-4 text-[0.95rem] text-ink placeholder:text-ink-subtle",
    "transition-colors duration-150",
    "disabled:cursor-not-allowed disabled:opacity-55",
    invalid ? "border-danger/80" : "border-line hover:border-line-strong",
  );

export type FieldBaseProps = {
  label: ReactNode;
  /** Shown under the control in red; also sets aria-invalid and aria-describedby. */
  error?: string | null;
  /** Helper text under the control. */
  hint?: ReactNode;
  /** Visually hide the label (it stays for screen readers). */
  hideLabel?: boolean;
  /** Classes for the wrapper (label + control + messages). */
  wrapperClassName?: string;
};

type FieldRenderProps = { id: string; describedBy: string | undefined; invalid: boolean };

/** Label + control + hint/error, with the ids wired for accessibility. Used by Input, Select, Textarea. */
export function Field({
  id: givenId,
  label,
  error,
  hint,
  hideLabel,
  required,
  wrapperClassName,
  children,
}: FieldBaseProps & { id?: string; required?: boolean; children: (props: FieldRenderProps) => ReactNode }) {
  const autoId = useId();
  const id = givenId ?? autoId;
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(" ") || undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", wrapperClassName)}>
      {/* The required star sits outside <label> so the field's name is exactly its label text. */}
      <div className={cn("flex items-baseline gap-0.5", hideLabel && "sr-only")}>
        <label htmlFor={id} className="text-sm font-medium text-ink-muted">
          {label}
        </label>
        {required && (
          <span aria-hidden="true" className="text-sm text-accent">
            *
          </span>
        )}
      </div>
      {children({ id, describedBy, invalid: !!error })}
      {hint && !error && (
        <p id={hintId} className="text-xs text-ink-subtle">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className="text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
