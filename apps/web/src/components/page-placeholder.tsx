import type { ReactNode } from "react";
import { PageContainer, PageHeader } from "./page";

/** Stand-in for a screen that a later issue implements: shows its title and "Em construção". */
export function PagePlaceholder({
  title,
  description,
  children,
}: {
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
}) {
  return (
    <PageContainer>
      <PageHeader title={title} description={description} />
      <div className="rounded-2xl border border-dashed border-line-strong bg-surface/60 px-6 py-14 text-center">
        <p className="font-display text-2xl text-accent">Em construção</p>
        <p className="mt-2 text-sm text-ink-muted">Esta página estará disponível em breve.</p>
      </div>
      {children}
    </PageContainer>
  );
}
