import { cn } from "@/lib/cn";

const SIZES = { sm: "size-4 border-2", md: "size-6 border-2", lg: "size-10 border-[3px]" } as const;

/**
 * A round spinner in the current text colour.
 * <Spinner size="sm|md|lg" label="Carregando..." />  (label is read by screen readers; decorative if omitted)
 */
export function Spinner({
  size = "md",
  label,
  className,
}: {
  size?: keyof typeof SIZES;
  label?: string;
  className?: string;
}) {
  return (
    <span role={label ? "status" : undefined} className={cn("inline-flex items-center", className)}>
      <span
        aria-hidden="true"
        className={cn("inline-block animate-spin rounded-full border-current border-r-transparent", SIZES[size])}
      />
      {label && <span className="sr-only">{label}</span>}
    </span>
  );
}

/** A centred spinner for a page or section that is loading. */
export function PageSpinner({ label = "Carregando..." }: { label?: string }) {
  return (
    <div className="flex min-h-[40vh] items-center justify-center text-accent">
      <Spinner size="lg" label={label} />
    </div>
  );
}
