import { normalizeText, splitServices } from "@vitrine/contracts";
import { cn } from "@/lib/cn";

const same = (a: string, b: string) => normalizeText(a.trim()) === normalizeText(b.trim());

/**
 * The admin's service names as toggles above her "Serviços" text (the comma list SPEC stores, which stays hers to
 * write): a name is on when the text lists it (ignoring case and accents); turning it on appends it, off removes it.
 */
export function ServiceChoices({
  options,
  value,
  onChange,
}: {
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
}) {
  if (options.length === 0) return null;
  const listed = splitServices(value);
  return (
    <div role="group" aria-labelledby="service-choices-label" className="sm:col-span-2">
      <p id="service-choices-label" className="mb-2.5 text-sm font-medium text-ink-muted">
        Serviços da lista
      </p>
      <div className="flex flex-wrap gap-2">
        {options.map((option) => {
          const on = listed.some((s) => same(s, option));
          return (
            <button
              key={option}
              type="button"
              aria-pressed={on}
              onClick={() => onChange((on ? listed.filter((s) => !same(s, option)) : [...listed, option]).join(", "))}
              className={cn(
                "min-h-9 rounded-full border px-3.5 text-sm transition-colors",
                on
                  ? "border-accent/70 bg-accent-soft text-accent"
                  : "border-line bg-surface-2 text-ink-muted hover:border-line-strong hover:text-ink",
              )}
            >
              {option}
            </button>
          );
        })}
      </div>
    </div>
  );
}
