import { type ComponentProps, type ReactNode, useId } from "react";
import { cn } from "@/lib/cn";

export type CheckboxProps = Omit<ComponentProps<"input">, "type"> & {
  /**
   * The text of the <label>. A label may not hold a button or a link: for a sentence with one inside, pass a
   * function that renders its own <label htmlFor={fieldId}> parts around the control (and set aria-labelledby).
   */
  label: ReactNode | ((fieldId: string) => ReactNode);
  /** Shown under the box in red; sets aria-invalid. */
  error?: string | null;
  hint?: ReactNode;
  wrapperClassName?: string;
};

/** A labelled checkbox. <Checkbox label="Li e aceito…" checked={ok} onChange={(e) => setOk(e.target.checked)} /> */
export function Checkbox({ label, error, hint, wrapperClassName, className, id, ...rest }: CheckboxProps) {
  const autoId = useId();
  const fieldId = id ?? autoId;
  const errorId = error ? `${fieldId}-error` : undefined;
  const hintId = hint ? `${fieldId}-hint` : undefined;
  return (
    <div className={cn("flex flex-col gap-1.5", wrapperClassName)}>
      <div className="flex items-start gap-3">
        <span className="relative mt-0.5 inline-flex size-5 shrink-0">
          <input
            id={fieldId}
            type="checkbox"
            aria-invalid={error ? true : undefined}
            aria-describedby={[errorId, hintId].filter(Boolean).join(" ") || undefined}
            className={cn(
              "peer size-5 cursor-pointer appearance-none rounded-md border bg-surface-2 transition-colors",
              "checked:border-accent checked:bg-accent disabled:cursor-not-allowed disabled:opacity-50",
              error ? "border-danger/80" : "border-line-strong hover:border-accent/70",
              className,
            )}
            {...rest}
          />
          <svg
            aria-hidden
            viewBox="0 0 20 20"
            className="pointer-events-none absolute inset-0 hidden size-5 text-accent-ink peer-checked:block"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
          >
            <path d="m5 10.5 3.2 3L15 6.5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </span>
        {typeof label === "function" ? (
          <p className="text-sm leading-relaxed text-ink-muted">{label(fieldId)}</p>
        ) : (
          <label htmlFor={fieldId} className="cursor-pointer text-sm leading-relaxed text-ink-muted">
            {label}
          </label>
        )}
      </div>
      {hint && !error && (
        <p id={hintId} className="pl-8 text-xs text-ink-subtle">
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} role="alert" className="pl-8 text-xs font-medium text-danger">
          {error}
        </p>
      )}
    </div>
  );
}
