import {
  type ModerationCaseDetail,
  type ModerationReport,
  NOTIFIER_ROLE_LABELS,
  type NotifierRole,
  reportCategoryLabel,
} from "@vitrine/contracts";
import { Badge, Card } from "@/components/ui";
import { formatDateTime } from "@/lib/format";

/** What the admin reads of a report's weight: whether it counts towards hiding before review, and why not. */
function ReportWeight({ report }: { report: ModerationReport }) {
  return (
    <>
      {report.source === "notice" &&
        (report.confirmed ? (
          <Badge variant="success">E-mail confirmado</Badge>
        ) : (
          <Badge variant="warning">E-mail não confirmado</Badge>
        ))}
      {report.source === "visitor" && !report.age_passed && <Badge variant="neutral">Sem verificação de idade</Badge>}
      {report.weighs && <Badge variant="danger">Conta para ocultar</Badge>}
    </>
  );
}

/** The reports of a case, each with where it came from, its category, its weight and what the reporter gave. */
export function CaseReports({ kase }: { kase: ModerationCaseDetail }) {
  return (
    <Card title="Denúncias">
      <ul className="flex flex-col divide-y divide-line/60">
        {kase.reports.map((r) => (
          <li key={r.id} className="py-3 first:pt-0 last:pb-0">
            <p className="flex flex-wrap items-center gap-2 text-sm">
              <Badge variant={r.source === "trusted" ? "danger" : r.source === "notice" ? "accent" : "neutral"}>
                {r.source === "trusted" ? "Notificador confiável" : r.source === "notice" ? "Notificação" : "Visitante"}
              </Badge>
              <span className="text-ink">{reportCategoryLabel(r.category)}</span>
              <span className="text-ink-subtle">{formatDateTime(r.created_at)}</span>
              <ReportWeight report={r} />
            </p>
            {r.source === "notice" && (
              <p className="mt-1 text-sm text-ink-muted">
                {r.notifier_name} · {r.notifier_email} ·{" "}
                {NOTIFIER_ROLE_LABELS[r.notifier_role as NotifierRole] ?? r.notifier_role} ·{" "}
                <span className="break-all">{r.url}</span>
              </p>
            )}
            {r.text && <p className="mt-1 text-sm text-ink-muted">{r.text}</p>}
            {r.source === "trusted" && (
              <p className="mt-1 text-sm text-ink-muted">
                {r.notifier_name} ({r.notifier_role}) · {r.notifier_email}
              </p>
            )}
            {r.contact && r.source === "visitor" && (
              <p className="mt-1 text-xs text-ink-subtle">Contato: {r.contact}</p>
            )}
          </li>
        ))}
        {kase.reports.length === 0 && <li className="text-sm text-ink-muted">Sinalizado pelo sistema.</li>}
      </ul>
    </Card>
  );
}
