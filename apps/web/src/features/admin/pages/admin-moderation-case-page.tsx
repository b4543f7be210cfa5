import { APPEAL_OUTCOME_LABELS, type AppealOutcome, type ModerationCaseDetail } from "@vitrine/contracts";
import { PageContainer } from "@/components/page";
import { Badge, buttonClasses, Card, QueryState } from "@/components/ui";
import { AdminPageHeader } from "../components/admin-page-header";
import { usePageTitle } from "@/hooks/use-page-title";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link, useParams } from "@/lib/router";
import { useCase } from "../api/moderation";
import { AppealDecisionForm, DecisionForm, RestoreCard } from "../components/moderation/case-decision-forms";
import { CaseEvidence, CaseHistory } from "../components/moderation/case-records";
import { CaseReports } from "../components/moderation/case-reports";
import {
  actionLabel,
  caseSubject,
  countLabel,
  priorityBadge,
  statusLabel,
} from "../components/moderation/moderation-labels";

function CaseView({ kase }: { kase: ModerationCaseDetail }) {
  const badge = priorityBadge(kase.priority);
  return (
    <div className="grid gap-6 lg:grid-cols-[1.5fr_1fr]">
      <div className="flex flex-col gap-6">
        <Card
          title={caseSubject(kase)}
          description={`Aberta em ${formatDateTime(kase.created_at)} · ${countLabel(kase.reports_count, "denúncia", "denúncias")}`}
          actions={<Badge variant={badge.variant}>{badge.label}</Badge>}
        >
          {kase.model ? (
            <p className="text-ink-muted">
              <span className="text-ink">{kase.model.name}</span> @{kase.model.username} ·{" "}
              {statusLabel(kase.model.moderation_status)}
              {kase.model.photos_frozen && " · fotos congeladas"}
              {kase.photo_id !== null && ` · foto nº ${kase.photo_id}`}
            </p>
          ) : (
            <p className="text-ink-muted">O endereço da notificação não é de um perfil do site.</p>
          )}
          {kase.decision && (
            <p className="mt-3 text-sm text-ink-muted">
              <span className="text-ink">{actionLabel(kase.decision)}</span> por {kase.decided_by ?? "—"} em{" "}
              {formatDateTime(kase.decided_at)}: {kase.decision_reason}
              {kase.legal_hold && " · retenção legal"}
              {kase.appeal_outcome &&
                ` · Recurso: ${APPEAL_OUTCOME_LABELS[kase.appeal_outcome as AppealOutcome]} — ${kase.appeal_reason}`}
            </p>
          )}
        </Card>

        {kase.photos.length > 0 && (
          <Card title="Fotos dela">
            <ul className="grid grid-cols-3 gap-3 sm:grid-cols-4">
              {kase.photos.map((photo) => (
                <li key={photo.id} className="flex flex-col gap-1">
                  <img
                    src={photo.url}
                    alt={`Foto nº ${photo.id}`}
                    className={`aspect-[3/4] w-full rounded-xl object-cover ${photo.reported ? "ring-2 ring-danger" : ""}`}
                  />
                  <span className="text-xs text-ink-subtle">
                    nº {photo.id}
                    {photo.reported && " · denunciada"}
                    {photo.moderation_hidden ? " · oculta" : photo.is_public ? "" : " · privada"}
                  </span>
                </li>
              ))}
            </ul>
          </Card>
        )}

        <CaseReports kase={kase} />
      </div>

      <div className="flex flex-col gap-6">
        {kase.status === "open" && kase.auto_hidden && kase.priority >= 2 && kase.model && <RestoreCard kase={kase} />}
        {kase.status === "open" && <DecisionForm kase={kase} />}
        {kase.status === "appealed" && <AppealDecisionForm kase={kase} />}
        <CaseHistory kase={kase} />
        <CaseEvidence kase={kase} />
      </div>
    </div>
  );
}

/** Admin: one moderation case, route /admin/denuncias/:id — the item, reports, photos, history, decision. */
export function AdminModerationCasePage() {
  const id = Number(useParams().id);
  usePageTitle(`Denúncia nº ${id}`);
  const query = useCase(id);
  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title={`Denúncia nº ${id}`}
        actions={
          <Link to={appPaths.adminModeration} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Voltar à fila
          </Link>
        }
      />
      <QueryState query={query} title="Denúncia" errorText="Não foi possível carregar a denúncia.">
        {(data) => <CaseView kase={data.case} />}
      </QueryState>
    </PageContainer>
  );
}
