import { type AdminOrder, formatBRL, paymentFlagLabel } from "@vitrine/contracts";
import { useState } from "react";
import { OrderStatusBadge } from "@/components/order-status-badge";
import { Badge, Button, Card, ConfirmDialog, Pagination, QueryState, Table, type TableColumn } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useExportOrdersCsv } from "@/features/admin/api/export-orders-csv";
import { useOrders } from "@/features/admin/api/get-orders";
import { useSetOrderStatus } from "@/features/admin/api/set-order-status";
import { formatDateTime } from "@/lib/format";
import { type OrderFilterValues, OrderFiltersBar } from "./order-filters";

type PendingAction = { order: AdminOrder; status: "paid" | "cancelled" };

const ACTION_TEXT = {
  paid: {
    title: "Marcar pedido como pago?",
    confirm: "Marcar como pago",
    pending: "Salvando...",
    done: "Pedido marcado como pago",
  },
  cancelled: {
    title: "Cancelar pedido?",
    confirm: "Cancelar pedido",
    pending: "Cancelando...",
    done: "Pedido cancelado",
  },
} as const;

/** "22/11/2026" over "14:05": two short lines keep the table narrow. */
function DateTimeCell({ value }: { value: string }) {
  const [date, time] = formatDateTime(value).split(", ");
  return (
    <span className="whitespace-nowrap tabular-nums">
      {date}
      {time && <span className="block text-xs text-ink-subtle">{time}</span>}
    </span>
  );
}

function buildColumns(onAction: (action: PendingAction) => void): TableColumn<AdminOrder>[] {
  return [
    { key: "id", header: "ID", render: (o) => <span className="text-ink-muted tabular-nums">#{o.id}</span> },
    { key: "customer", header: "Cliente", render: (o) => <span className="whitespace-nowrap">{o.customer_name}</span> },
    {
      key: "email",
      header: "E-mail",
      render: (o) => (
        <span title={o.customer_email} className="block max-w-[11rem] truncate text-ink-muted">
          {o.customer_email}
        </span>
      ),
    },
    {
      key: "product",
      header: "Produto",
      render: (o) => (
        <span className="whitespace-nowrap">
          {o.product_name}
          {o.model_name && <span className="block text-xs text-ink-subtle">{o.model_name}</span>}
        </span>
      ),
    },
    {
      key: "amount",
      header: "Valor",
      align: "right",
      render: (o) => <span className="tabular-nums whitespace-nowrap">{formatBRL(o.amount)}</span>,
    },
    {
      key: "status",
      header: "Status",
      render: (o) => (
        <span className="flex flex-col items-start gap-1">
          <OrderStatusBadge status={o.status} />
          {o.flag && <Badge variant="warning">{paymentFlagLabel(o.flag)}</Badge>}
        </span>
      ),
    },
    {
      key: "date",
      header: "Data",
      render: (o) => <DateTimeCell value={o.created_at} />,
    },
    {
      key: "actions",
      header: <span className="sr-only">Ações</span>,
      align: "right",
      render: (o) =>
        o.status === "pending" ? (
          <span className="flex flex-col items-end gap-1.5 2xl:flex-row 2xl:justify-end">
            <Button size="sm" variant="secondary" onClick={() => onAction({ order: o, status: "paid" })}>
              Marcar como pago
            </Button>
            <Button size="sm" variant="ghost" onClick={() => onAction({ order: o, status: "cancelled" })}>
              Cancelar
            </Button>
          </span>
        ) : null,
    },
  ];
}

/**
 * The shop's orders: filters (status, dates), the paged table, "Exportar CSV" with the same filters, and the
 * manual confirmation of Pix orders (a pending order is marked paid or cancelled after a confirmation).
 */
export function OrdersTableCard() {
  const [filters, setFilters] = useState<OrderFilterValues>({});
  const [page, setPage] = useState(1);
  const [limit, setLimit] = useState(10);
  const orders = useOrders({ ...filters, page, limit });
  const exportCsv = useExportOrdersCsv();
  const setStatus = useSetOrderStatus();
  const [action, setAction] = useState<PendingAction | null>(null);

  const columns = buildColumns(setAction);

  function confirmAction() {
    if (!action) return;
    const text = ACTION_TEXT[action.status];
    setStatus.mutate(
      { id: action.order.id, status: action.status },
      {
        onSuccess: () => {
          toast.success(text.done);
          setAction(null);
        },
        onError: (err) => toast.error(errorMessage(err, "Erro ao atualizar o pedido")),
      },
    );
  }

  function exportOrders() {
    exportCsv.mutate(filters, { onError: (err) => toast.error(errorMessage(err, "Erro ao exportar pedidos")) });
  }

  return (
    <Card
      title="Pedidos"
      description="Pedidos dos produtos das modelos. Pedidos PIX pendentes são confirmados aqui."
      actions={
        <Button
          variant="secondary"
          size="sm"
          onClick={exportOrders}
          loading={exportCsv.isPending}
          loadingText="Exportando..."
        >
          Exportar CSV
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        <OrderFiltersBar
          value={filters}
          onChange={(next) => {
            setFilters(next);
            setPage(1);
          }}
        />
        <QueryState
          query={orders}
          variant="inline"
          errorText="Não foi possível carregar os pedidos."
          loading={<Table caption="Pedidos" columns={columns} rows={[]} getRowKey={(o) => o.id} loading />}
        >
          {(data) => (
            <div className="flex flex-col gap-4">
              <Table
                caption="Pedidos"
                columns={columns}
                rows={data.orders}
                getRowKey={(o) => o.id}
                emptyText="Nenhum pedido encontrado."
                className="min-w-0"
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
      <ConfirmDialog
        open={action !== null}
        title={action ? ACTION_TEXT[action.status].title : ""}
        description={
          action &&
          `Pedido #${action.order.id} de ${action.order.customer_name}: ${action.order.product_name}, ${formatBRL(action.order.amount)}.`
        }
        confirmLabel={action ? ACTION_TEXT[action.status].confirm : ""}
        pendingLabel={action ? ACTION_TEXT[action.status].pending : undefined}
        tone={action?.status === "paid" ? "primary" : "danger"}
        pending={setStatus.isPending}
        onConfirm={confirmAction}
        onCancel={() => setAction(null)}
      />
    </Card>
  );
}
