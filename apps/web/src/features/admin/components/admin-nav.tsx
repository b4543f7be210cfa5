import { useEffect, useRef } from "react";
import { NavLink, useLocation } from "@/lib/router";
import { cn } from "@/lib/cn";
import { appPaths } from "@/lib/paths";
import { useSession } from "@/features/auth/session";
import { useUrgentSummary } from "../api/moderation";

const LINKS = [
  { to: appPaths.adminDashboard, label: "Painel" },
  { to: appPaths.adminModels, label: "Modelos" },
  { to: appPaths.adminVerifications, label: "Verificações" },
  { to: appPaths.adminModeration, label: "Denúncias" },
  { to: appPaths.adminBoosts, label: "Impulsionamentos" },
  { to: appPaths.adminOrders, label: "Pedidos" },
  { to: appPaths.adminSettings, label: "Configurações" },
  { to: appPaths.adminStats, label: "Estatísticas" },
  { to: appPaths.adminPixQr, label: "QRCode PIX" },
  { to: appPaths.adminAudit, label: "Auditoria" },
  { to: appPaths.adminTransparency, label: "Transparência" },
  { to: appPaths.adminAgeAssurance, label: "Verificação de idade" },
  { to: appPaths.adminJobs, label: "Tarefas agendadas" },
] as const;

/** The strip of links between the admin pages; scrolls sideways on phones, the current page is marked. */
export function AdminNav() {
  const listRef = useRef<HTMLUListElement>(null);
  const { pathname } = useLocation();
  const urgent = useUrgentSummary(useSession().status === "admin").data?.urgent_open ?? 0;
  // On a phone the strip is wider than the screen: bring the current page's link into view.
  useEffect(() => {
    const list = listRef.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    const offset = current.offsetLeft - list.offsetLeft;
    if (offset < list.scrollLeft || offset + current.offsetWidth > list.scrollLeft + list.clientWidth) {
      list.scrollLeft = Math.max(0, offset - 16);
    }
  }, [pathname]);
  return (
    <nav aria-label="Áreas da administração" className="border-b border-line bg-surface/70">
      <ul ref={listRef} className="mx-auto flex w-full max-w-7xl gap-1 overflow-x-auto px-4 py-2 sm:px-6">
        {LINKS.map((link) => (
          <li key={link.to} className="shrink-0">
            <NavLink
              to={link.to}
              className={({ isActive }) =>
                cn(
                  "inline-flex h-9 items-center rounded-full px-3.5 text-sm font-medium whitespace-nowrap transition-colors",
                  isActive
                    ? "bg-accent-soft text-accent ring-1 ring-accent/40"
                    : "text-ink-muted hover:bg-surface-2 hover:text-ink",
                )
              }
            >
              {link.label}
              {link.to === appPaths.adminModeration && urgent > 0 && <UrgentBadge count={urgent} />}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** The red count of open urgent cases on "Denúncias" (read aloud as part of the link's name). */
function UrgentBadge({ count }: { count: number }) {
  return (
    <span className="ml-2 inline-flex min-w-5 items-center justify-center rounded-full bg-danger px-1.5 text-xs leading-5 font-semibold text-white">
      <span aria-hidden>{count}</span>
      <span className="sr-only">, {count === 1 ? "1 denúncia urgente" : `${count} denúncias urgentes`}</span>
    </span>
  );
}
