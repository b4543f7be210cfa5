import type { ComponentProps } from "react";
import { cn } from "@/lib/cn";
import { controlClasses, Field, type FieldBaseProps } from "./field";

export type TextareaProps = ComponentProps<"textarea"> & FieldBaseProps;

/** A labelled multi-line input. <Textarea label="Descrição" rows={5} value={v} onChange={…} error={e} /> */
export function Textarea({
  label,
  error,
  hint,
  hideLabel,
  wrapperClassName,
  className,
  id,
  required,
  rows = 4,
  ...rest
}: TextareaProps) {
  return (
    <Field {...{ id, label, error, hint, hideLabel, required, wrapperClassName }}>
      {({ id: fieldId, describedBy, invalid }) => (
        <textarea
          id={fieldId}
          rows={rows}
          required={required}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          className={cn(controlClasses(invalid), "min-h-24 py-3 leading-relaxed", className)}
          {...rest}
        />
      )}
    </Field>
  );
}
