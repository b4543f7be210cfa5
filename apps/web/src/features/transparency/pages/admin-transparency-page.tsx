import {
  type AdminTransparencyResponse,
  APPEAL_OUTCOME_LABELS,
  type AppealOutcome,
  MODERATION_ACTION_LABELS,
  type ModerationAction,
  reportCategoryLabel,
  TRANSPARENCY_CASES_LIMIT,
  TRANSPARENCY_PERIOD_PARAM,
} from "@vitrine/contracts";
import type { ReactNode } from "react";
import { PageContainer, PageHeader } from "@/components/page";
import { buttonClasses, Card, QueryState, Table, type TableColumn } from "@/components/ui";
import { usePageTitle } from "@/hooks/use-page-title";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link, useSearchParams } from "@/lib/router";
import { useAdminTransparency } from "../api/get-transparency";
import { PeriodPicker, saoPauloDay } from "../components/period-picker";
import { TransparencyReportView } from "../components/report-view";
import { formatHours } from "../lib/format";

type Cases = AdminTransparencyResponse["cases"];

const SOURCE_LABELS: Record<string, string> = {
  visitor: "Visitante",
  notice: "Notificação identificada",
  trusted: "Notificador confiável",
};
const VERIFICATION_LABELS: Record<string, string> = {
  approved: "Aprovada",
  rejected: "Recusada",
  underage: "Recusada (menor de 18)",
};
const BOOST_LABELS: Record<string, string> = {
  pending_payment: "Aguardando pagamento",
  awaiting_review: "Aguardando análise",
  approved: "Aprovado",
  rejected: "Recusado",
  refunded: "Estornado",
};
const actionLabel = (action: string) => MODERATION_ACTION_LABELS[action as ModerationAction] ?? action;

const caseLink = (id: number) => (
  <Link to={appPaths.adminModerationCase(id)} className="font-medium text-accent hover:underline">
    Caso #{id}
  </Link>
);

/**
 * Admin "Transparência", route /admin/transparencia (decision 076): the public report of a period as the public
 * reads it (figures of this moment, not cached), then the cases behind each figure, each linked to its screen in
 * "Denúncias" or "Verificações".
 */
export function AdminTransparencyPage() {
  const [params] = useSearchParams();
  const periodo = params.get(TRANSPARENCY_PERIOD_PARAM)?.trim() ?? "";
  const query = useAdminTransparency(periodo);
  const report = query.data?.report;
  usePageTitle("Transparência");
  return (
    <PageContainer size="xl">
      {/* The admin screens' title row (features/admin's AdminPageHeader, which this feature may not import). */}
      <PageHeader
        eyebrow="Administração"
        title="Transparência"
        actions={
          <Link to={appPaths.adminDashboard} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            <span aria-hidden>←</span> Voltar ao painel
          </Link>
        }
        description={
          <>
            O relatório público de{" "}
            <Link to={appPaths.transparency} className="text-accent underline underline-offset-2">
              /transparencia
            </Link>{" "}
            com os casos por trás de cada número.
          </>
        }
      />
      <div className="mb-6">
        <PeriodPicker
          basePath={appPaths.adminTransparency}
          current={report?.period.key ?? periodo}
          today={saoPauloDay(report?.generated_at ?? new Date().toISOString())}
        />
      </div>
      <QueryState query={query} errorText="Não foi possível carregar o relatório." variant="card" title="Relatório">
        {(data) => (
          <div className="flex flex-col gap-6">
            <TransparencyReportView report={data.report} />
            <CaseTables cases={data.cases} />
          </div>
        )}
      </QueryState>
    </PageContainer>
  );
}

function CaseCard({ title, count, children }: { title: string; count: number; children: ReactNode }) {
  return (
    <Card
      title={
        <>
          {title} <span className="text-base font-normal text-ink-muted">({count})</span>
        </>
      }
    >
      {children}
    </Card>
  );
}

function CaseTables({ cases }: { cases: Cases }) {
  const reportColumns: TableColumn<Cases["reports"][number]>[] = [
    { key: "case", header: "Caso", render: (r) => caseLink(r.case_id) },
    { key: "category", header: "Motivo", render: (r) => reportCategoryLabel(r.category) },
    { key: "source", header: "Origem", render: (r) => SOURCE_LABELS[r.source] ?? r.source },
    { key: "at", header: "Recebida em", render: (r) => formatDateTime(r.created_at) },
  ];
  const decisionColumns: TableColumn<Cases["decisions"][number]>[] = [
    { key: "case", header: "Caso", render: (d) => caseLink(d.case_id) },
    {
      key: "decision",
      header: "Decisão",
      render: (d) =>
        [actionLabel(d.decision), d.legal_hold ? "retido como prova" : "", d.restored ? "restaurado" : ""]
          .filter(Boolean)
          .join(" · "),
    },
    { key: "opened", header: "Aberto em", render: (d) => formatDateTime(d.opened_at) },
    { key: "decided", header: "Decidido em", render: (d) => formatDateTime(d.decided_at) },
    { key: "hours", header: "Tempo até a análise", align: "right", render: (d) => formatHours(d.review_hours) },
  ];
  const appealColumns: TableColumn<Cases["appeals"][number]>[] = [
    { key: "case", header: "Caso", render: (a) => caseLink(a.case_id) },
    { key: "decision", header: "Decisão recorrida", render: (a) => actionLabel(a.decision) },
    { key: "appealed", header: "Recurso em", render: (a) => formatDateTime(a.appealed_at) },
    {
      key: "outcome",
      header: "Resultado",
      render: (a) => (a.outcome ? (APPEAL_OUTCOME_LABELS[a.outcome as AppealOutcome] ?? a.outcome) : "Aguardando"),
    },
  ];
  const verificationColumns: TableColumn<Cases["verifications"][number]>[] = [
    {
      key: "id",
      header: "Verificação",
      render: (v) => (
        <Link to={appPaths.adminVerification(v.id)} className="font-medium text-accent hover:underline">
          Verificação #{v.id}
        </Link>
      ),
    },
    { key: "status", header: "Decisão", render: (v) => VERIFICATION_LABELS[v.status] ?? v.status },
    { key: "method", header: "Forma", render: (v) => (v.method === "verifier" ? "Verificador" : "Análise") },
    { key: "decided", header: "Decidida em", render: (v) => formatDateTime(v.decided_at) },
  ];
  const boostColumns: TableColumn<Cases["boosts"][number]>[] = [
    { key: "id", header: "Impulsionamento", render: (b) => `#${b.id}` },
    { key: "status", header: "Situação", render: (b) => BOOST_LABELS[b.status] ?? b.status },
    { key: "at", header: "Em", render: (b) => formatDateTime(b.at) },
  ];
  return (
    <>
      {cases.truncated && (
        <p role="status" className="text-sm text-warning">
          Algumas listas mostram só os {TRANSPARENCY_CASES_LIMIT} casos mais recentes; os números acima contam todos.
        </p>
      )}
      <CaseCard title="Denúncias recebidas" count={cases.reports.length}>
        <Table
          caption="Denúncias recebidas no período"
          columns={reportColumns}
          rows={cases.reports}
          getRowKey={(r) => r.id}
          emptyText="Nenhuma denúncia no período."
        />
      </CaseCard>
      <CaseCard title="Decisões" count={cases.decisions.length}>
        <Table
          caption="Casos decididos no período"
          columns={decisionColumns}
          rows={cases.decisions}
          getRowKey={(d) => d.case_id}
          emptyText="Nenhuma decisão no período."
        />
      </CaseCard>
      <CaseCard title="Recursos" count={cases.appeals.length}>
        <Table
          caption="Recursos recebidos ou decididos no período"
          columns={appealColumns}
          rows={cases.appeals}
          getRowKey={(a) => a.case_id}
          emptyText="Nenhum recurso no período."
        />
      </CaseCard>
      <CaseCard title="Verificações decididas" count={cases.verifications.length}>
        <Table
          caption="Verificações decididas no período"
          columns={verificationColumns}
          rows={cases.verifications}
          getRowKey={(v) => v.id}
          emptyText="Nenhuma verificação decidida no período."
        />
      </CaseCard>
      <CaseCard title="Impulsionamentos" count={cases.boosts.length}>
        <Table
          caption="Impulsionamentos do período"
          columns={boostColumns}
          rows={cases.boosts}
          getRowKey={(b) => b.id}
          emptyText="Nenhum impulsionamento no período."
        />
      </CaseCard>
    </>
  );
}
