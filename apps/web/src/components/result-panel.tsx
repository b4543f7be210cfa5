import type { ReactNode } from "react";
import { cn } from "@/lib/cn";
import { Spinner } from "./ui";

export type ResultTone = "success" | "pending" | "danger" | "neutral";

const TONES: Record<ResultTone, { ring: string; path: string | null }> = {
  success: { ring: "border-success/45 bg-success-soft text-success", path: "M6.5 12.5 10 16l7.5-8" },
  danger: { ring: "border-danger/45 bg-danger-soft text-danger", path: "M8 8l8 8M16 8l-8 8" },
  neutral: { ring: "border-line-strong bg-surface-3 text-ink-muted", path: "M12 7.5v5.5m0 3.5h.01" },
  pending: { ring: "border-accent/45 bg-accent-soft text-accent", path: null },
};

/**
 * The one message of a page that ends a flow (payment approved, failed, waiting, not found): a round emblem, a
 * serif title, the explanation and the way on. <ResultPanel tone="success" title="Pagamento Aprovado!" actions={…}>
 */
export function ResultPanel({
  tone,
  title,
  children,
  actions,
  className,
}: {
  tone: ResultTone;
  title: ReactNode;
  children?: ReactNode;
  actions?: ReactNode;
  className?: string;
}) {
  const { ring, path } = TONES[tone];
  return (
    <section
      data-result={tone}
      className={cn(
        "mx-auto flex w-full max-w-xl animate-pop-in flex-col items-center rounded-3xl border border-line bg-surface px-6 py-10 text-center shadow-elevated sm:px-10 sm:py-12",
        className,
      )}
    >
      <span aria-hidden="true" className={cn("flex size-16 items-center justify-center rounded-full border", ring)}>
        {path ? (
          <svg viewBox="0 0 24 24" className="size-8" fill="none" stroke="currentColor" strokeWidth="1.8">
            <path d={path} strokeLinecap="round" strokeLinejoin="round" />
          </svg>
        ) : (
          <Spinner size="md" />
        )}
      </span>
      <h1 className="mt-6 font-display text-3xl leading-tight font-semibold text-ink sm:text-4xl">{title}</h1>
      {children && <div className="mt-3 max-w-md text-ink-muted">{children}</div>}
      {actions && (
        <div className="mt-8 flex w-full flex-col-reverse gap-3 sm:w-auto sm:flex-row sm:justify-center">{actions}</div>
      )}
    </section>
  );
}
