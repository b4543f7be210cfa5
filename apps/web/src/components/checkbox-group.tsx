import { Checkbox } from "@/components/ui";
import { cn } from "@/lib/cn";

/**
 * Several choices of one list under its legend, each a checkbox (a profile's "Atende em", "Idiomas"). `value` is
 * the chosen ones; `onChange` gets them in the list's order.
 */
export function CheckboxGroup<T extends string>({
  legend,
  name,
  options,
  labels,
  value,
  onChange,
  error,
  className,
}: {
  legend: string;
  name: string;
  options: readonly T[];
  labels: Record<T, string>;
  value: readonly T[];
  onChange: (value: T[]) => void;
  error?: string;
  className?: string;
}) {
  return (
    <fieldset className={className} aria-invalid={error ? true : undefined}>
      <legend className="mb-3 text-sm font-medium text-ink-muted">{legend}</legend>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3">
        {options.map((option) => (
          <Checkbox
            key={option}
            name={name}
            value={option}
            label={labels[option]}
            checked={value.includes(option)}
            onChange={(e) => onChange(options.filter((o) => (o === option ? e.target.checked : value.includes(o))))}
          />
        ))}
      </div>
      {error && (
        <p role="alert" className={cn("mt-2 text-xs font-medium text-danger")}>
          {error}
        </p>
      )}
    </fieldset>
  );
}
