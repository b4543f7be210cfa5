import {
  APPEAL_OUTCOME_LABELS,
  type AppealOutcome,
  DECISION_REASON_MAX,
  MODERATION_ACTION_LABELS,
  MODERATION_ACTIONS,
  type ModerationAction,
  type ModerationCaseDetail,
  NOTIFIER_ROLE_LABELS,
  type NotifierRole,
  type ModerationReport,
  reportCategoryLabel,
  RESTORE_FALSE_REPORTS_LABEL,
  RESTORE_FALSE_REPORTS_REASON,
} from "@vitrine/contracts";
import { type FormEvent, useState } from "react";
import { PageContainer } from "@/components/page";
import { Badge, Button, buttonClasses, Card, Checkbox, QueryState, Select, Textarea } from "@/components/ui";
import { AdminPageHeader } from "../components/admin-page-header";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link, useParams } from "@/lib/router";
import { toast } from "@/lib/toast";
import { downloadEvidence, useCase, useDecideAppeal, useDecideCase } from "../api/moderation";
import {
  actionLabel,
  caseSubject,
  countLabel,
  priorityBadge,
  statusLabel,
} from "../components/moderation/moderation-labels";

/**
 * The one click of an admin who finds that the reports which hid her before review are false: the case is
 * archived as unfounded, her profile and photos come back, she is e-mailed, and the reporting networks weigh
 * nothing for a while (decision 057).
 */
/**
 * A decision's confirmation follows the request's own promise, not the mutation's per-call callback: the decided
 * case refetches before that callback would run, the form it came from is gone (a decided case shows no form), and
 * TanStack Query skips the callbacks of an unmounted observer. A refusal is shown by the form itself (decide.error).
 */
const ignoreShownError = () => undefined;

function RestoreCard({ kase }: { kase: ModerationCaseDetail }) {
  const decide = useDecideCase(kase.id);
  const trusted = kase.reports.find((r) => r.source === "trusted");
  return (
    <Card
      title="Oculto antes da revisão"
      description={
        trusted
          ? `Um notificador confiável (${trusted.notifier_name}) ocultou este perfil e congelou as fotos até uma decisão.`
          : "Denúncias urgentes independentes ocultaram este perfil e congelaram as fotos até uma decisão."
      }
    >
      <p className="text-sm text-ink-muted">
        {trusted
          ? "Se a denúncia não tiver fundamento, restaure: o caso é arquivado, o perfil volta ao ar e a modelo recebe um e-mail."
          : "Se as denúncias forem falsas, restaure: o caso é arquivado, o perfil volta ao ar, a modelo recebe um e-mail e as redes de quem denunciou deixam de pesar por 90 dias."}
      </p>
      {decide.error && (
        <p role="alert" className="mt-3 text-sm text-danger">
          {errorMessage(decide.error, "Não foi possível restaurar o perfil.")}
        </p>
      )}
      <Button
        className="mt-4"
        variant="secondary"
        loading={decide.isPending}
        onClick={() =>
          decide
            .mutateAsync({ action: "archive", reason: RESTORE_FALSE_REPORTS_REASON, false_reports: true })
            .then(() => toast.success("Perfil restaurado."), ignoreShownError)
        }
      >
        {RESTORE_FALSE_REPORTS_LABEL}
      </Button>
    </Card>
  );
}

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

function DecisionForm({ kase }: { kase: ModerationCaseDetail }) {
  const [action, setAction] = useState<ModerationAction | "">("");
  const [reason, setReason] = useState("");
  const [photoId, setPhotoId] = useState(kase.photo_id ? String(kase.photo_id) : "");
  const [legalHold, setLegalHold] = useState(false);
  const decide = useDecideCase(kase.id);
  const canRemove = action !== "" && action !== "archive";

  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!action) return;
    decide
      .mutateAsync({
        action,
        reason,
        photo_id: action === "hide_photo" && photoId ? Number(photoId) : null,
        legal_hold: canRemove && legalHold,
      })
      .then(() => toast.success("Decisão registrada."), ignoreShownError);
  }

  return (
    <Card title="Decidir" description="A modelo vê a decisão e o motivo no painel dela e pode recorrer uma vez.">
      <form onSubmit={onSubmit} className="grid gap-4">
        <Select
          label="Ação"
          placeholder="Escolha a ação"
          value={action}
          onChange={(e) => setAction(e.target.value as ModerationAction)}
          options={MODERATION_ACTIONS.filter((a) => kase.model || a === "archive").map((value) => ({
            value,
            label: MODERATION_ACTION_LABELS[value],
          }))}
        />
        {action === "hide_photo" && (
          <Select
            label="Foto"
            placeholder="Escolha a foto"
            value={photoId}
            onChange={(e) => setPhotoId(e.target.value)}
            options={kase.photos.map((p) => ({
              value: p.id,
              label: `Foto nº ${p.id}${p.reported ? " (denunciada)" : ""}`,
            }))}
          />
        )}
        <Textarea
          label="Motivo"
          hint={
            kase.reports.some((r) => r.source === "notice")
              ? "Registrado na auditoria e mostrado à modelo e a quem enviou a notificação (pelo link do e-mail)."
              : "Registrado na auditoria e mostrado à modelo."
          }
          rows={3}
          maxLength={DECISION_REASON_MAX}
          value={reason}
          onChange={(e) => setReason(e.target.value)}
        />
        {canRemove && (
          <Checkbox
            label="Remover como exploração (retenção legal)"
            hint={
              action === "hide_photo"
                ? "A foto sai do site e fica guardada, cifrada, como prova por 6 meses."
                : "Todas as fotos dela saem do site e ficam guardadas, cifradas, como prova por 6 meses."
            }
            checked={legalHold}
            onChange={(e) => setLegalHold(e.target.checked)}
          />
        )}
        {decide.error && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(decide.error, "Não foi possível registrar a decisão.")}
          </p>
        )}
        <div className="flex justify-end">
          <Button
            type="submit"
            variant={action === "ban" ? "danger" : "primary"}
            loading={decide.isPending}
            disabled={!action}
          >
            Registrar decisão
          </Button>
        </div>
      </form>
    </Card>
  );
}

function AppealDecisionForm({ kase }: { kase: ModerationCaseDetail }) {
  const [outcome, setOutcome] = useState<AppealOutcome | "">("");
  const [reason, setReason] = useState("");
  const decide = useDecideAppeal(kase.id);
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    if (!outcome) return;
    decide.mutateAsync({ outcome, reason }).then(() => toast.success("Recurso decidido."), ignoreShownError);
  }
  return (
    <Card title="Decidir o recurso" description={`Recurso de ${formatDateTime(kase.appealed_at)}.`}>
      <blockquote className="mb-4 rounded-xl border border-line bg-surface-2 px-4 py-3 text-ink-muted">
        {kase.appeal_text}
      </blockquote>
      <form onSubmit={onSubmit} className="grid gap-4">
        <Select
          label="Resultado"
          placeholder="Escolha"
          value={outcome}
          onChange={(e) => setOutcome(e.target.value as AppealOutcome)}
          options={[
            { value: "upheld", label: "Manter a decisão" },
            { value: "reversed", label: "Reverter a decisão" },
          ]}
        />
        <Textarea label="Motivo" rows={3} value={reason} onChange={(e) => setReason(e.target.value)} />
        {decide.error && (
          <p role="alert" className="text-sm text-danger">
            {errorMessage(decide.error, "Não foi possível decidir o recurso.")}
          </p>
        )}
        <div className="flex justify-end">
          <Button type="submit" loading={decide.isPending} disabled={!outcome}>
            Decidir recurso
          </Button>
        </div>
      </form>
    </Card>
  );
}

function CaseView({ kase }: { kase: ModerationCaseDetail }) {
  const badge = priorityBadge(kase.priority);
  const [exporting, setExporting] = useState(false);
  async function onExport() {
    setExporting(true);
    try {
      await downloadEvidence(kase.id);
    } catch (err) {
      toast.error(errorMessage(err, "Não foi possível exportar as provas."));
    } finally {
      setExporting(false);
    }
  }
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

        <Card title="Denúncias">
          <ul className="flex flex-col divide-y divide-line/60">
            {kase.reports.map((r) => (
              <li key={r.id} className="py-3 first:pt-0 last:pb-0">
                <p className="flex flex-wrap items-center gap-2 text-sm">
                  <Badge variant={r.source === "trusted" ? "danger" : r.source === "notice" ? "accent" : "neutral"}>
                    {r.source === "trusted"
                      ? "Notificador confiável"
                      : r.source === "notice"
                        ? "Notificação"
                        : "Visitante"}
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
      </div>

      <div className="flex flex-col gap-6">
        {kase.status === "open" && kase.auto_hidden && kase.priority >= 2 && kase.model && <RestoreCard kase={kase} />}
        {kase.status === "open" && <DecisionForm kase={kase} />}
        {kase.status === "appealed" && <AppealDecisionForm kase={kase} />}
        <Card title="Histórico da modelo">
          {kase.history.length === 0 ? (
            <p className="text-sm text-ink-muted">Nenhum caso anterior.</p>
          ) : (
            <ul className="flex flex-col gap-2 text-sm">
              {kase.history.map((h) => (
                <li key={h.id}>
                  <Link to={appPaths.adminModerationCase(h.id)} className="text-accent hover:underline">
                    Caso nº {h.id}
                  </Link>{" "}
                  <span className="text-ink-muted">
                    {formatDateTime(h.created_at)} · {caseSubject(h)} ·{" "}
                    {h.decision ? actionLabel(h.decision) : "aberto"}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <Card
          title="Provas (retenção legal)"
          description="Conteúdo removido como exploração, cifrado, fora de qualquer endereço público. O envio às autoridades é manual."
        >
          {kase.evidence.length === 0 ? (
            <p className="text-sm text-ink-muted">Nenhuma prova retida neste caso.</p>
          ) : (
            <>
              <p className="text-sm text-ink-muted">
                {countLabel(kase.evidence.length, "arquivo guardado", "arquivos guardados")} até{" "}
                {formatDateTime(kase.evidence[0]!.held_until)}.
              </p>
              <Button
                className="mt-4"
                variant="secondary"
                size="sm"
                onClick={() => void onExport()}
                loading={exporting}
              >
                Exportar pacote de provas
              </Button>
            </>
          )}
        </Card>
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
