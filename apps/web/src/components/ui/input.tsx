import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";
import { controlClasses, Field, type FieldBaseProps } from "./field";

export type InputProps = ComponentProps<"input"> &
  FieldBaseProps & {
    /** Content inside the right edge of the input (e.g. a show/hide button). */
    endAdornment?: ReactNode;
  };

/** How the site asks for someone's own e-mail address: the e-mail keyboard and the browser's saved address. */
export const EMAIL_INPUT = { type: "email", autoComplete: "email", inputMode: "email" } as const;

/**
 * A labelled text input. Pass `error` to show a message and mark it aria-invalid.
 * <Input label="E-mail" name="email" type="email" value={v} onChange={…} error={errors.email} ref={ref} />
 */
export function Input({
  label,
  error,
  hint,
  hideLabel,
  wrapperClassName,
  endAdornment,
  className,
  id,
  required,
  ...rest
}: InputProps) {
  return (
    <Field {...{ id, label, error, hint, hideLabel, required, wrapperClassName }}>
      {({ id: fieldId, describedBy, invalid }) => (
        <div className="relative">
          <input
            id={fieldId}
            required={required}
            aria-invalid={invalid || undefined}
            aria-describedby={describedBy}
            className={cn(controlClasses(invalid), "h-12", endAdornment ? "pr-12" : undefined, className)}
            {...rest}
          />
          {endAdornment && <div className="absolute inset-y-0 right-1.5 flex items-center">{endAdornment}</div>}
        </div>
      )}
    </Field>
  );
}
