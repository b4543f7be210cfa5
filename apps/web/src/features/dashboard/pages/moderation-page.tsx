import {
  APPEAL_OUTCOME_LABELS,
  APPEAL_TEXT_MAX,
  type AppealOutcome,
  MODERATION_DECISION_LABELS,
  MODERATION_STATUS_LABELS,
  type ModerationAction,
  type OwnModerationCase,
  reportCategoryLabel,
} from "@vitrine/contracts";
import { type FormEvent, useEffect, useState } from "react";
import { Link } from "@/lib/router";
import { PageContainer, PageHeader } from "@/components/page";
import { Badge, Button, buttonClasses, Card, QueryState, Textarea } from "@/components/ui";
import { DownloadDataCard } from "@/features/auth/components/download-data-card";
import { BANNED_ACCOUNT_TEXT, ModelOnly } from "@/features/auth/components/model-only";
import { useSessionActions } from "@/features/auth/session";
import { usePageTitle } from "@/hooks/use-page-title";
import { errorMessage } from "@/lib/api-client";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { useAppeal, useOwnModeration } from "../api/moderation";

function AppealForm({ caseId }: { caseId: number }) {
  const [text, setText] = useState("");
  const appeal = useAppeal();
  function onSubmit(event: FormEvent) {
    event.preventDefault();
    appeal.mutate({ caseId, text });
  }
  return (
    <form onSubmit={onSubmit} className="mt-4 grid gap-3 border-t border-line/60 pt-4">
      <Textarea
        label="Recorrer da decisão"
        hint="Você pode recorrer uma única vez. Explique por que a decisão deve ser revista."
        rows={4}
        maxLength={APPEAL_TEXT_MAX}
        value={text}
        onChange={(e) => setText(e.target.value)}
        error={appeal.error ? errorMessage(appeal.error, "Não foi possível enviar o recurso.") : null}
      />
      <div className="flex justify-end">
        <Button type="submit" size="sm" loading={appeal.isPending}>
          Enviar recurso
        </Button>
      </div>
    </form>
  );
}

function DecisionCard({ decision }: { decision: OwnModerationCase }) {
  const label = MODERATION_DECISION_LABELS[decision.decision as ModerationAction] ?? decision.decision;
  return (
    <Card>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 className="font-display text-xl font-semibold text-ink">{label}</h2>
        {decision.decided_at && <span className="text-sm text-ink-subtle">{formatDateTime(decision.decided_at)}</span>}
      </div>
      {decision.photo_id !== null && <p className="mt-1 text-sm text-ink-subtle">Foto nº {decision.photo_id}</p>}
      <p className="mt-3 text-ink-muted">
        <span className="text-ink">Motivo:</span> {decision.decision_reason}
      </p>
      {decision.appealed_at && (
        <div className="mt-4 rounded-xl border border-line bg-surface-2 px-4 py-3 text-sm">
          <p className="text-ink-muted">
            <span className="text-ink">Seu recurso</span> ({formatDateTime(decision.appealed_at)}):{" "}
            {decision.appeal_text}
          </p>
          {decision.appeal_outcome ? (
            <p className="mt-2">
              <Badge variant={decision.appeal_outcome === "reversed" ? "success" : "neutral"}>
                {APPEAL_OUTCOME_LABELS[decision.appeal_outcome as AppealOutcome] ?? decision.appeal_outcome}
              </Badge>{" "}
              <span className="text-ink-muted">{decision.appeal_reason}</span>
            </p>
          ) : (
            <p className="mt-2">
              <Badge variant="warning">Recurso em análise</Badge>
            </p>
          )}
        </div>
      )}
      {decision.can_appeal && <AppealForm caseId={decision.id} />}
    </Card>
  );
}

function OwnModeration({ banned }: { banned: boolean }) {
  usePageTitle("Moderação");
  const query = useOwnModeration();
  const { refreshSession } = useSessionActions();
  const lifted = banned && query.data !== undefined && query.data.moderation_status !== "banned";
  // A ban reversed while she is signed in: the session learns it, and the other screens open again.
  useEffect(() => {
    if (lifted) void refreshSession();
  }, [lifted, refreshSession]);
  return (
    <PageContainer size="md">
      <PageHeader
        eyebrow="Área da anunciante"
        title="Moderação"
        description={
          banned ? BANNED_ACCOUNT_TEXT : "As decisões da moderação sobre o seu anúncio, com o motivo de cada uma."
        }
        actions={
          // A banned account has no other screen to go back to.
          banned ? null : (
            <Link to={appPaths.dashboard} className={buttonClasses({ variant: "secondary", size: "sm" })}>
              Voltar
            </Link>
          )
        }
      />
      <QueryState query={query} title="Decisões" errorText="Não foi possível carregar as decisões.">
        {(data) => (
          <div className="flex flex-col gap-6">
            <p className="text-sm text-ink-muted">
              Situação do perfil:{" "}
              <Badge variant={data.moderation_status === "none" ? "success" : "danger"}>
                {MODERATION_STATUS_LABELS[data.moderation_status]}
              </Badge>
            </p>
            {data.under_review && (
              <Card title="Em análise">
                <p className="text-ink-muted">
                  Denúncias independentes sobre seu perfil (
                  {data.under_review.categories.map(reportCategoryLabel).join(", ")}) o tiraram do ar em{" "}
                  {formatDateTime(data.under_review.since)} até uma pessoa da equipe analisar. Suas fotos ficam
                  guardadas como estão. Nada foi decidido ainda: você recebe um e-mail com a decisão e, se discordar,
                  pode recorrer uma vez por esta página.
                </p>
              </Card>
            )}
            {data.cases.length === 0 ? (
              <Card>
                <p className="text-ink-muted">Nenhuma decisão da moderação sobre o seu anúncio.</p>
              </Card>
            ) : (
              data.cases.map((decision) => <DecisionCard key={decision.id} decision={decision} />)
            )}
            {/* The right of access stays hers: Configurações is closed to a banned account, so it is offered here. */}
            {banned && <DownloadDataCard />}
          </div>
        )}
      </QueryState>
    </PageContainer>
  );
}

/**
 * Moderação (/dashboard/moderacao): each decision about her, its reason, and her one appeal; the one screen a
 * banned account reaches (with "Baixar meus dados").
 */
export function ModerationPage() {
  return <ModelOnly allowBanned>{(model) => <OwnModeration banned={model.banned} />}</ModelOnly>;
}
