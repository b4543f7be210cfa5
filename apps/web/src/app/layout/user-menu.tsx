import { type FocusEvent, useEffect, useId, useRef, useState } from "react";
import { Link, useLocation } from "@/lib/router";
import type { Session } from "@/features/auth/session";
import { useLogout } from "@/features/auth/hooks/use-logout";
import { appPaths } from "@/lib/paths";

type SignedIn = Extract<Session, { status: "admin" | "model" }>;

/** The signed-in user's name and where their area is (admin → Painel, model → Meu Perfil). */
export function accountOf(session: SignedIn) {
  return session.status === "admin"
    ? { name: session.user.username, role: "Administrador", areaLabel: "Painel", areaPath: appPaths.adminDashboard }
    : { name: session.model.name, role: "Anunciante", areaLabel: "Meu Perfil", areaPath: appPaths.dashboard };
}

export function Avatar({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-8 shrink-0 items-center justify-center rounded-full border border-accent/40 bg-accent-soft font-display text-base font-semibold text-accent uppercase"
    >
      {name.trim().charAt(0) || "?"}
    </span>
  );
}

/**
 * Desktop account dropdown: name button; panel with the account area link and Sair. It closes on a click outside,
 * on Escape (focus back on the button) and when focus moves out of it (Tab past its last item).
 */
export function UserMenu({ session }: { session: SignedIn }) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = useId();
  const logout = useLogout();
  const location = useLocation();
  const account = accountOf(session);

  const [lastKey, setLastKey] = useState(location.key);
  if (lastKey !== location.key) {
    setLastKey(location.key);
    setOpen(false);
  }

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== "Escape") return;
      setOpen(false);
      buttonRef.current?.focus();
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  // Focus going to another element of the page closes the menu; focus going nowhere (a click on plain text,
  // the window losing focus) does not: clicks outside are handled above.
  function onBlur(event: FocusEvent) {
    const next = event.relatedTarget;
    if (next instanceof Node && !rootRef.current?.contains(next)) setOpen(false);
  }

  return (
    <div ref={rootRef} className="relative" onBlur={onBlur}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((v) => !v)}
        className="flex h-10 items-center gap-2.5 rounded-full border border-line bg-surface-2/70 py-1 pr-3 pl-1 text-sm text-ink transition-colors hover:border-line-strong"
      >
        <Avatar name={account.name} />
        <span className="max-w-40 truncate font-medium" data-testid="session-name">
          {account.name}
        </span>
        <svg viewBox="0 0 20 20" className="size-4 text-ink-subtle" fill="none" stroke="currentColor" strokeWidth="1.8">
          <path d="m5 8 5 5 5-5" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 mt-2 w-60 animate-pop-in overflow-hidden rounded-2xl border border-line bg-surface-2 p-1.5 shadow-elevated"
        >
          <p className="px-3 pt-2 pb-2.5 text-xs tracking-wide text-ink-subtle uppercase">{account.role}</p>
          <Link
            to={account.areaPath}
            className="flex items-center rounded-xl px-3 py-2.5 text-sm text-ink transition-colors hover:bg-surface-3"
          >
            {account.areaLabel}
          </Link>
          <button
            type="button"
            onClick={logout}
            className="flex w-full items-center rounded-xl px-3 py-2.5 text-left text-sm text-ink-muted transition-colors hover:bg-surface-3 hover:text-ink"
          >
            Sair
          </button>
        </div>
      )}
    </div>
  );
}
