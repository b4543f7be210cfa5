import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The centred content column every page uses. <PageContainer size="md">…</PageContainer> */
export function PageContainer({
  size = "lg",
  className,
  children,
}: {
  size?: "sm" | "md" | "lg" | "xl";
  className?: string;
  children: ReactNode;
}) {
  const width = { sm: "max-w-md", md: "max-w-3xl", lg: "max-w-6xl", xl: "max-w-7xl" }[size];
  return <div className={cn("mx-auto w-full px-4 py-8 sm:px-6 sm:py-12", width, className)}>{children}</div>;
}

/** A page title block: small gold eyebrow, serif title, optional description and actions on the right. */
export function PageHeader({
  eyebrow,
  title,
  description,
  actions,
  className,
}: {
  eyebrow?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  return (
    <div className={cn("mb-8 flex flex-wrap items-end justify-between gap-4", className)}>
      <div className="min-w-0">
        {eyebrow && <p className="mb-2 text-xs font-semibold tracking-[0.22em] text-accent uppercase">{eyebrow}</p>}
        <h1 className="font-display text-3xl leading-tight font-semibold text-ink sm:text-4xl">{title}</h1>
        {description && <p className="mt-2 max-w-2xl text-ink-muted">{description}</p>}
      </div>
      {actions && <div className="flex flex-wrap items-center gap-2">{actions}</div>}
    </div>
  );
}
