import { AUDIT_ACTION_LABELS, type AuditEntry } from "@vitrine/contracts";
import { PagedTableCard } from "@/components/paged-table-card";
import { Select, type TableColumn } from "@/components/ui";
import { useAuditLog } from "@/features/admin/api/get-audit-log";
import { useTableParams } from "@/hooks/use-table-params";
import { formatDateTime } from "@/lib/format";
import { AuditChanges } from "./audit-changes";

const TARGET_LABELS: Record<string, string> = {
  model: "Modelo",
  payment: "Pagamento",
  model_payment: "Pagamento",
  plan: "Plano",
  setting: "Configuração",
  order: "Pedido",
  admin: "Administrador",
  moderation_case: "Caso de moderação",
};

const actionLabel = (action: string) => AUDIT_ACTION_LABELS[action] ?? action;

function targetLabel(entry: AuditEntry): string {
  if (!entry.target_type) return "—";
  const type = TARGET_LABELS[entry.target_type] ?? entry.target_type;
  return entry.target_id ? `${type} #${entry.target_id}` : type;
}

const COLUMNS: TableColumn<AuditEntry>[] = [
  {
    key: "date",
    header: "Data",
    render: (e) => <span className="whitespace-nowrap tabular-nums">{formatDateTime(e.created_at)}</span>,
  },
  { key: "admin", header: "Administrador", render: (e) => e.actor },
  { key: "action", header: "Ação", render: (e) => actionLabel(e.action) },
  { key: "target", header: "Alvo", render: (e) => <span className="whitespace-nowrap">{targetLabel(e)}</span> },
  { key: "changes", header: "Alterações", render: (e) => <AuditChanges action={e.action} changes={e.changes} /> },
];

const ACTION_OPTIONS = Object.entries(AUDIT_ACTION_LABELS)
  .map(([value, label]) => ({ value, label }))
  .sort((a, b) => a.label.localeCompare(b.label, "pt-BR"));

const FILTER_KEYS = ["action"] as const;

/** The audit log: who changed what in the back-office, newest first, filtered by action, paged (in the URL). */
export function AuditLogCard() {
  const table = useTableParams(FILTER_KEYS);
  const action = table.filters.action;
  const log = useAuditLog({ page: table.page, limit: table.limit, action: action || undefined });

  return (
    <PagedTableCard
      title="Registro de alterações"
      description="Cada alteração feita no painel fica registrada aqui."
      filters={
        <Select
          label="Ação"
          placeholder="Todas"
          options={ACTION_OPTIONS}
          value={action}
          wrapperClassName="sm:max-w-xs"
          onChange={(e) => table.setFilters({ action: e.target.value })}
        />
      }
      query={log}
      rowsOf={(data) => data.entries}
      caption="Auditoria"
      columns={COLUMNS}
      getRowKey={(e) => e.id}
      emptyText="Nenhuma alteração registrada."
      errorText="Não foi possível carregar o registro de alterações."
      page={table.page}
      pageSize={table.limit}
      onPageChange={table.setPage}
      onPageSizeChange={table.setLimit}
    />
  );
}
