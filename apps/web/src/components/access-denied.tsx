import type { ReactNode } from "react";
import { Link } from "@/lib/router";
import { buttonClasses } from "@/components/ui";
import { PageContainer } from "./page";

/** The title of a screen reached after her session ended (the stored one was refused): not a denial. */
export const SESSION_ENDED_TITLE = "Sua sessão terminou. Entre de novo.";

/**
 * "Acesso Negado" screen (or, after a session ended, SESSION_ENDED_TITLE with the sign-in link). Model pages use the default message; the admin dashboard uses
 * "Você precisa ser administrador para acessar esta página."; the gallery uses title "Acesso Negado - Faça login
 * como modelo para acessar." with no message.
 */
export function AccessDenied({
  title = "Acesso Negado",
  message = "Você precisa estar logado para acessar esta página.",
  action = { to: "/login", label: "Fazer login" },
}: {
  title?: ReactNode;
  message?: ReactNode;
  action?: { to: string; label: string } | null;
}) {
  return (
    <PageContainer size="sm" className="flex min-h-[55vh] flex-col items-center justify-center text-center">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full border border-line-strong bg-surface-2 text-accent">
        <svg viewBox="0 0 24 24" className="size-7" fill="none" stroke="currentColor" strokeWidth="1.6" aria-hidden>
          <rect x="5" y="10.5" width="14" height="10" rx="2.5" />
          <path d="M8 10.5V8a4 4 0 0 1 8 0v2.5" />
        </svg>
      </div>
      <h1 className="font-display text-3xl font-semibold text-ink">{title}</h1>
      {message && <p className="mt-3 text-ink-muted">{message}</p>}
      {action && (
        <Link to={action.to} className={buttonClasses({ variant: "secondary", className: "mt-8" })}>
          {action.label}
        </Link>
      )}
    </PageContainer>
  );
}
