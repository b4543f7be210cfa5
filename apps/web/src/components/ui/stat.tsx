import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/**
 * One figure with its label (and an optional hint under it). Stats go inside a StatGroup, which is the <dl>
 * their <dt>/<dd> belong to:
 *
 * <StatGroup className="grid-cols-2 lg:grid-cols-4">
 *   <Stat label="Visualizações" value="1.234" hint="Desde o cadastro" />
 * </StatGroup>
 */
export function Stat({
  label,
  value,
  hint,
  icon,
  className,
}: {
  label: ReactNode;
  value: ReactNode;
  hint?: ReactNode;
  /** A small emblem beside the label (decorative). */
  icon?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("min-w-0 rounded-xl border border-line bg-surface-2/60 px-3 py-3 sm:px-4", className)}>
      <dt className="flex items-center gap-2 text-xs tracking-wide text-ink-subtle uppercase">
        {icon && (
          <span aria-hidden="true" className="text-accent">
            {icon}
          </span>
        )}
        {label}
      </dt>
      <dd className="mt-1 font-display text-xl font-semibold text-ink tabular-nums sm:text-2xl">{value}</dd>
      {hint && <dd className="mt-0.5 text-xs text-ink-muted">{hint}</dd>}
    </div>
  );
}

/** The grid of Stats: a <dl>. Pass the columns in `className` ("grid-cols-2 lg:grid-cols-4"). */
export function StatGroup({ className, children }: { className?: string; children: ReactNode }) {
  return <dl className={cn("grid gap-3", className)}>{children}</dl>;
}
