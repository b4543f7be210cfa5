import { buttonClasses } from "@/components/ui";
import { appPaths } from "@/lib/paths";
import { Link } from "@/lib/router";
import { useUrgentSummary } from "@/features/admin/api/moderation";
import { DangerAlert } from "@/features/admin/components/danger-alert";
import { countLabel, waitingFor } from "./moderation-labels";

/**
 * The dashboard's red card while urgent reports wait: "2 denúncias urgentes — a mais antiga espera há 12 min", with
 * the way to the queue. Nothing while loading, on an error, or when none is open.
 */
export function UrgentReportsAlert() {
  const { data } = useUrgentSummary();
  if (!data || data.urgent_open === 0) return null;
  const title = countLabel(data.urgent_open, "denúncia urgente", "denúncias urgentes");
  const waiting = data.urgent_oldest_at
    ? ` — ${data.urgent_open === 1 ? "" : "a mais antiga "}espera há ${waitingFor(data.urgent_oldest_at)}`
    : "";
  return (
    <DangerAlert id="urgent-reports-title" title={`${title}${waiting}`}>
      <p className="mt-2 text-sm text-ink">
        Menor de idade, exploração, tráfico ou coação: revise primeiro. Elas estão no topo da fila de Denúncias.
      </p>
      <Link to={appPaths.adminModeration} className={`mt-3 ${buttonClasses({ variant: "danger", size: "sm" })}`}>
        Abrir a fila de Denúncias
      </Link>
    </DangerAlert>
  );
}
