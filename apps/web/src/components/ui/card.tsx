import type { ComponentProps, ReactNode } from "react";
import { cn } from "@/lib/cn";

export type CardProps = Omit<ComponentProps<"section">, "title"> & {
  title?: ReactNode;
  description?: ReactNode;
  /** Right side of the header row (buttons, badges). */
  actions?: ReactNode;
  /** Inner padding; "none" for edge-to-edge content such as a Table or an image. */
  padding?: "none" | "sm" | "md" | "lg";
};

const PADDING = {
  none: { x: "", top: "", bottom: "" },
  sm: { x: "px-4", top: "pt-4", bottom: "pb-4" },
  md: { x: "px-5 sm:px-6", top: "pt-5 sm:pt-6", bottom: "pb-5 sm:pb-6" },
  lg: { x: "px-6 sm:px-8", top: "pt-6 sm:pt-8", bottom: "pb-6 sm:pb-8" },
} as const;

/**
 * A surface panel. <Card title="Perfil" description="…" actions={<Button size="sm">…</Button>}>…</Card>
 */
export function Card({ title, description, actions, padding = "md", className, children, ...rest }: CardProps) {
  const hasHeader = Boolean(title || actions);
  return (
    <section className={cn("rounded-2xl border border-line bg-surface shadow-elevated", className)} {...rest}>
      {hasHeader && (
        <header
          className={cn(
            "flex flex-wrap items-start justify-between gap-3",
            padding === "none" ? "px-5 pt-5 pb-4" : cn(PADDING[padding].x, PADDING[padding].top),
          )}
        >
          <div className="min-w-0">
            {title && <h2 className="font-display text-xl leading-snug font-semibold text-ink">{title}</h2>}
            {description && <p className="mt-1 text-sm text-ink-muted">{description}</p>}
          </div>
          {actions && <div className="flex shrink-0 items-center gap-2">{actions}</div>}
        </header>
      )}
      <div
        className={cn(
          PADDING[padding].x,
          PADDING[padding].bottom,
          padding !== "none" && (hasHeader ? "pt-4" : PADDING[padding].top),
        )}
      >
        {children}
      </div>
    </section>
  );
}
