import { Link } from "@/lib/router";
import { cn } from "@/lib/cn";

/** The "Vitrine" wordmark; a link home unless `asLink` is false. */
export function Logo({ asLink = true, className }: { asLink?: boolean; className?: string }) {
  const mark = (
    <span className={cn("inline-flex items-baseline gap-1 font-display leading-none select-none", className)}>
      <span className="text-[1.7rem] font-semibold tracking-[0.04em] text-ink">Vitrine</span>
      <span aria-hidden="true" className="size-1.5 rounded-full bg-accent" />
    </span>
  );
  if (!asLink) return mark;
  return (
    <Link to="/" aria-label="Vitrine — página inicial" className="rounded-md">
      {mark}
    </Link>
  );
}
