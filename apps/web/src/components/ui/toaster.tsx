import { useEffect, useSyncExternalStore } from "react";
import { cn } from "@/lib/cn";
import { dismissToast, getServerToasts, getToasts, subscribeToasts, type Toast } from "@/lib/toast";

const STYLES: Record<Toast["type"], { box: string; icon: string; path: string }> = {
  default: { box: "border-line-strong", icon: "text-accent", path: "M10 6v5m0 3h.01" },
  success: { box: "border-success/40", icon: "text-success", path: "m6 10.5 2.5 2.5L14 7.5" },
  error: { box: "border-danger/45", icon: "text-danger", path: "M7 7l6 6m0-6-6 6" },
  warning: { box: "border-warning/45", icon: "text-warning", path: "M10 6v5m0 3h.01" },
};

function ToastItem({ toast }: { toast: Toast }) {
  useEffect(() => {
    const timer = window.setTimeout(() => dismissToast(toast.id), toast.duration);
    return () => window.clearTimeout(timer);
  }, [toast.id, toast.duration]);
  const style = STYLES[toast.type];
  return (
    <li
      data-toast-type={toast.type}
      className={cn(
        "pointer-events-auto flex w-full animate-toast-in items-start gap-3 rounded-2xl border bg-surface-2/95 p-4 pr-2 shadow-elevated backdrop-blur",
        style.box,
      )}
    >
      <svg
        viewBox="0 0 20 20"
        className={cn("mt-0.5 size-5 shrink-0", style.icon)}
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        aria-hidden
      >
        <circle cx="10" cy="10" r="8.25" strokeWidth="1.4" />
        <path d={style.path} strokeLinecap="round" strokeLinejoin="round" />
      </svg>
      <p className="min-w-0 flex-1 pt-px text-sm leading-snug text-ink">{toast.message}</p>
      <button
        type="button"
        onClick={() => dismissToast(toast.id)}
        aria-label="Fechar notificação"
        className="flex size-7 shrink-0 items-center justify-center rounded-full text-ink-subtle hover:bg-surface-3 hover:text-ink"
      >
        <svg viewBox="0 0 20 20" className="size-4" fill="none" stroke="currentColor" strokeWidth="1.8" aria-hidden>
          <path d="M5 5l10 10M15 5 5 15" strokeLinecap="round" />
        </svg>
      </button>
    </li>
  );
}

/**
 * Renders the toasts of lib/toast.ts, top-right. Mounted once by the root layout.
 * The list is one live region that is always in the page, so screen readers announce each toast added to it
 * (a region created together with its content is not announced). The items carry no role of their own:
 * nested live regions would be read twice.
 */
export function Toaster() {
  const toasts = useSyncExternalStore(subscribeToasts, getToasts, getServerToasts);
  return (
    <ol
      aria-label="Notificações"
      aria-live="polite"
      aria-relevant="additions text"
      className="pointer-events-none fixed top-3 right-3 left-3 z-toast flex flex-col items-end gap-2 sm:top-5 sm:right-5 sm:left-auto sm:w-96"
    >
      {toasts.map((t) => (
        <ToastItem key={t.id} toast={t} />
      ))}
    </ol>
  );
}
