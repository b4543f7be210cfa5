import { AUDIT_ACTION_LABELS, type AuditEntry } from "@vitrine/contracts";
import { useState } from "react";
import { Card, Pagination, QueryState, Select, Table, type TableColumn } from "@/components/ui";
import { useAuditLog } from "@/features/admin/api/get-audit-log";
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

/** The audit log: who changed what in the back-office, newest first, filtered by action, paged. */
export function AuditLogCard() {
  const [action, setAction] = useState("");
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const log = useAuditLog({ page, limit, action: action || undefined });

  return (
    <Card title="Registro de alterações" description="Cada alteração feita no painel fica registrada aqui.">
      <div className="flex flex-col gap-5">
        <Select
          label="Ação"
          placeholder="Todas"
          options={ACTION_OPTIONS}
          value={action}
          wrapperClassName="sm:max-w-xs"
          onChange={(e) => {
            setAction(e.target.value);
            setPage(1);
          }}
        />
        <QueryState
          query={log}
          variant="inline"
          errorText="Não foi possível carregar o registro de alterações."
          loading={<Table caption="Auditoria" columns={COLUMNS} rows={[]} getRowKey={(e) => e.id} loading />}
        >
          {(data) => (
            <div className="flex flex-col gap-4">
              <Table
                caption="Auditoria"
                columns={COLUMNS}
                rows={data.entries}
                getRowKey={(e) => e.id}
                emptyText="Nenhuma alteração registrada."
              />
              <Pagination
                page={page}
                pages={data.pagination.pages}
                total={data.pagination.total}
                onPageChange={setPage}
                pageSize={limit}
                onPageSizeChange={(size) => {
                  setLimit(size);
                  setPage(1);
                }}
              />
            </div>
          )}
        </QueryState>
      </div>
    </Card>
  );
}
