import type { ReactNode } from "react";
import { cn } from "@/lib/cn";

/** The framed card the login and register screens sit in, over a soft gold glow. */
export function AuthCard({
  eyebrow,
  title,
  description,
  footer,
  wide = false,
  children,
}: {
  eyebrow: string;
  title: string;
  description?: ReactNode;
  footer?: ReactNode;
  wide?: boolean;
  children: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-10 sm:items-center sm:py-16">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute top-[-20%] left-1/2 h-[520px] w-[820px] -translate-x-1/2 rounded-full bg-[radial-gradient(closest-side,rgb(217_180_108/0.13),transparent)]"
      />
      <div className={cn("relative w-full", wide ? "max-w-2xl" : "max-w-md")}>
        <div className="rounded-3xl border border-line bg-surface/95 p-6 shadow-elevated backdrop-blur sm:p-10">
          <p className="text-xs font-semibold tracking-[0.22em] text-accent uppercase">{eyebrow}</p>
          <h1 className="mt-2 font-display text-3xl font-semibold text-ink sm:text-4xl">{title}</h1>
          {description && <p className="mt-2 text-sm leading-relaxed text-ink-muted">{description}</p>}
          <div className="mt-8">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-ink-muted">{footer}</div>}
      </div>
    </div>
  );
}
