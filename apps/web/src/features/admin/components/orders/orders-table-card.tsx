import { type AdminOrder, formatBRL, ORDER_STATUSES, type OrderStatus, paymentFlagLabel } from "@vitrine/contracts";
import { useState } from "react";
import { OrderStatusBadge } from "@/components/order-status-badge";
import { PagedTableCard } from "@/components/paged-table-card";
import { Badge, Button, ConfirmDialog, type TableColumn } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { toast } from "@/lib/toast";
import { useExportOrdersCsv } from "@/features/admin/api/export-orders-csv";
import { useOrders } from "@/features/admin/api/get-orders";
import { useSetOrderStatus } from "@/features/admin/api/set-order-status";
import { useTableParams } from "@/hooks/use-table-params";
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

const FILTER_KEYS = ["status", "from", "to"] as const;
const DAY = /^\d{4}-\d{2}-\d{2}$/;

/** The address's filters the orders table accepts: a known status, days "YYYY-MM-DD"; anything else is ignored. */
function readFilters(params: Record<(typeof FILTER_KEYS)[number], string>): OrderFilterValues {
  return {
    status: (ORDER_STATUSES as readonly string[]).includes(params.status) ? (params.status as OrderStatus) : undefined,
    from: DAY.test(params.from) ? params.from : undefined,
    to: DAY.test(params.to) ? params.to : undefined,
  };
}

/**
 * The shop's orders: filters (status, dates), the paged table, "Exportar CSV" with the same filters, and the
 * manual confirmation of Pix orders (a pending order is marked paid or cancelled after a confirmation).
 */
export function OrdersTableCard() {
  const table = useTableParams(FILTER_KEYS);
  const filters = readFilters(table.filters);
  const orders = useOrders({ ...filters, page: table.page, limit: table.limit });
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
    <PagedTableCard
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
      filters={
        <OrderFiltersBar
          value={filters}
          onChange={(next) => table.setFilters({ status: next.status, from: next.from, to: next.to })}
        />
      }
      query={orders}
      rowsOf={(data) => data.orders}
      caption="Pedidos"
      columns={columns}
      getRowKey={(o) => o.id}
      emptyText="Nenhum pedido encontrado."
      errorText="Não foi possível carregar os pedidos."
      tableClassName="min-w-0"
      page={table.page}
      pageSize={table.limit}
      onPageChange={table.setPage}
      onPageSizeChange={table.setLimit}
    >
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
    </PagedTableCard>
  );
}
