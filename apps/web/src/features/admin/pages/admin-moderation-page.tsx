import type { ModerationCaseSummary } from "@vitrine/contracts";
import { reportCategoryLabel } from "@vitrine/contracts";
import { useState } from "react";
import { PageContainer } from "@/components/page";
import { Badge, buttonClasses, Card, Pagination, Stat, StatGroup, Table, type TableColumn } from "@/components/ui";
import { AdminPageHeader } from "../components/admin-page-header";
import { usePageTitle } from "@/hooks/use-page-title";
import { cn } from "@/lib/cn";
import { formatDateTime } from "@/lib/format";
import { appPaths } from "@/lib/paths";
import { Link, useNavigate } from "@/lib/router";
import { type CaseStatus, useCases, useModerationStats } from "../api/moderation";
import {
  actionLabel,
  caseSubject,
  countLabel,
  priorityBadge,
  statusLabel,
  waitingFor,
} from "../components/moderation/moderation-labels";

const TABS: { value: CaseStatus; label: string }[] = [
  { value: "open", label: "Fila" },
  { value: "appealed", label: "Recursos" },
  { value: "closed", label: "Decididas" },
];

const columns: TableColumn<ModerationCaseSummary>[] = [
  {
    key: "priority",
    header: "Prioridade",
    render: (c) => {
      const badge = priorityBadge(c.priority);
      return <Badge variant={badge.variant}>{badge.label}</Badge>;
    },
  },
  {
    key: "subject",
    header: "Denúncia",
    // A real link: Tab reaches each case and Enter opens it (the row's click is the mouse's shortcut to it).
    render: (c) => (
      <Link
        to={appPaths.adminModerationCase(c.id)}
        className="text-ink underline-offset-4 hover:text-accent hover:underline"
        aria-label={`Abrir o caso nº ${c.id}: ${caseSubject(c)}`}
      >
        {caseSubject(c)}
      </Link>
    ),
  },
  {
    key: "item",
    header: "Item",
    render: (c) =>
      c.model ? (
        <span>
          {c.model.name} <span className="text-ink-subtle">@{c.model.username}</span>
          {c.photo_id !== null && <span className="text-ink-subtle"> · foto nº {c.photo_id}</span>}
        </span>
      ) : (
        <span className="text-ink-subtle">Fora do site</span>
      ),
  },
  {
    key: "reports",
    header: "Denúncias",
    align: "right",
    render: (c) => countLabel(c.reports_count, "denúncia", "denúncias"),
  },
  {
    key: "state",
    header: "Situação",
    render: (c) =>
      c.decision ? (
        actionLabel(c.decision)
      ) : c.model ? (
        <span className={cn(c.auto_hidden && "text-danger")}>{statusLabel(c.model.moderation_status)}</span>
      ) : (
        "—"
      ),
  },
  { key: "created", header: "Aberta em", render: (c) => formatDateTime(c.created_at) },
];

/** Admin "Denúncias", route /admin/denuncias: the transparency counts and the queue by priority, then age. */
export function AdminModerationPage() {
  usePageTitle("Denúncias");
  const [status, setStatus] = useState<CaseStatus>("open");
  const [page, setPage] = useState(1);
  const cases = useCases({ status, page });
  const stats = useModerationStats().data;
  const navigate = useNavigate();
  const top = stats?.reports_by_category.slice(0, 3) ?? [];

  return (
    <PageContainer size="xl">
      <AdminPageHeader
        title="Denúncias"
        description="Fila de moderação: urgentes primeiro, depois as mais antigas. Cada decisão fica registrada na auditoria com o motivo."
        actions={
          <Link to={appPaths.adminTrustedNotifiers} className={buttonClasses({ variant: "secondary", size: "sm" })}>
            Notificadores confiáveis
          </Link>
        }
      />
      <StatGroup className="mb-6 grid-cols-2 lg:grid-cols-4">
        <Stat
          label="Urgentes abertas"
          value={stats?.urgent_open ?? "—"}
          hint={
            stats?.urgent_oldest_at
              ? `A mais antiga espera há ${waitingFor(stats.urgent_oldest_at)}`
              : `Casos abertos: ${stats?.open_cases ?? "—"} (com recursos)`
          }
        />
        <Stat
          label="Tempo até a 1ª ação"
          value={
            stats?.median_hours_to_first_action == null
              ? "—"
              : `${stats.median_hours_to_first_action.toLocaleString("pt-BR")} h`
          }
          hint="Mediana"
        />
        <Stat
          label="Ações tomadas"
          value={stats ? stats.actions.filter((a) => a.action !== "archive").reduce((n, a) => n + a.count, 0) : "—"}
          hint={stats ? stats.actions.map((a) => `${actionLabel(a.action)}: ${a.count}`).join(" · ") || "Nenhuma" : ""}
        />
        <Stat
          label="Denúncias por motivo"
          value={stats ? stats.reports_by_category.reduce((n, c) => n + c.count, 0) : "—"}
          hint={top.map((c) => `${reportCategoryLabel(c.category)}: ${c.count}`).join(" · ") || "Nenhuma"}
        />
      </StatGroup>
      <Card padding="none">
        <div role="tablist" aria-label="Situação" className="flex gap-1 border-b border-line px-4 pt-3 sm:px-6">
          {TABS.map((tab) => (
            <button
              key={tab.value}
              role="tab"
              type="button"
              aria-selected={status === tab.value}
              onClick={() => {
                setStatus(tab.value);
                setPage(1);
              }}
              className={cn(
                "-mb-px border-b-2 px-3 py-2 text-sm font-medium transition-colors",
                status === tab.value ? "border-accent text-accent" : "border-transparent text-ink-muted hover:text-ink",
              )}
            >
              {tab.label}
            </button>
          ))}
        </div>
        <Table
          columns={columns}
          rows={cases.data?.cases ?? []}
          getRowKey={(c) => c.id}
          loading={cases.isLoading}
          caption="Casos de moderação"
          emptyText={status === "open" ? "Nenhuma denúncia na fila." : "Nada aqui."}
          onRowClick={(c) => navigate(appPaths.adminModerationCase(c.id))}
        />
        {cases.data && cases.data.pagination.pages > 1 && (
          <Pagination
            className="px-4 py-3 sm:px-6"
            page={page}
            pages={cases.data.pagination.pages}
            total={cases.data.pagination.total}
            onPageChange={setPage}
          />
        )}
      </Card>
    </PageContainer>
  );
}
