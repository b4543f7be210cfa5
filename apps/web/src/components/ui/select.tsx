import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { controlClasses, Field, type FieldBaseProps } from "./field";

export type SelectOption = { value: string | number; label: string; disabled?: boolean };

export type SelectProps = Omit<ComponentProps<"select">, "children"> &
  FieldBaseProps & {
    options: SelectOption[];
    /** First, empty-valued option ("Selecione..."). */
    placeholder?: string;
  };

/**
 * A labelled native select (best on phones).
 * <Select label="Estado" value={id} onChange={…} placeholder="Selecione o estado" options={[{ value: 35, label: "São Paulo" }]} />
 */
export function Select({
  label,
  error,
  hint,
  hideLabel,
  wrapperClassName,
  options,
  placeholder,
  className,
  id,
  required,
  ...rest
}: SelectProps) {
  return (
    <Field {...{ id, label, error, hint, hideLabel, required, wrapperClassName }}>
      {({ id: fieldId, describedBy, invalid }) => (
        <div className="relative">
          <select
            id={fieldId}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={cn(controlClasses(invalid), "h-12 cursor-pointer appearance-none pr-10", className)}
            {...rest}
          >
            {placeholder !== undefined && <option value="">{placeholder}</option>}
            {options.map((o) => (
              <option key={o.value} value={o.value} disabled={o.disabled}>
                {o.label}
              </option>
            ))}
          </select>
          <svg
            aria-hidden
            viewBox="0 0 20 20"
            className="pointer-events-none absolute top-1/2 right-4 size-4 -translate-y-1/2 text-ink-subtle"
            fill="none"
            stroke="currentColor"
            strokeWidth="1.8"
          >
            <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        </div>
      )}
    </Field>
  );
}
