import type { OwnOrder } from "@vitrine/contracts";
import { Button, Card, Table, type TableColumn } from "@/components/ui";
import { errorMessage } from "@/lib/api-client";
import { formatBRL, formatDate } from "@/lib/format";
import { useOwnOrders } from "../api/get-own-orders";
import { OrderStatusBadge } from "./order-status";

const COLUMNS: TableColumn<OwnOrder>[] = [
  { key: "id", header: "Pedido", render: (o) => <span className="text-ink-muted">#{o.id}</span> },
  { key: "product", header: "Produto", render: (o) => o.product_name },
  { key: "customer", header: "Cliente", render: (o) => o.customer_name },
  { key: "amount", header: "Valor", align: "right", render: (o) => formatBRL(o.amount) },
  { key: "status", header: "Status", render: (o) => <OrderStatusBadge status={o.status} /> },
  { key: "date", header: "Data", render: (o) => formatDate(o.created_at) },
];

/** The model's own orders ("Meus Pedidos"); only status paid counts as revenue (DOMAIN.md). */
export function OrdersCard() {
  const orders = useOwnOrders();
  const rows = orders.data ?? [];
  const revenue = rows.filter((o) => o.status === "paid").reduce((sum, o) => sum + Math.round(o.amount * 100), 0);

  return (
    <Card
      title="Meus Pedidos"
      description={
        orders.data
          ? `${rows.length} ${rows.length === 1 ? "pedido" : "pedidos"} · ${formatBRL(revenue / 100)} recebidos`
          : "Pedidos dos seus produtos."
      }
      padding="md"
    >
      {orders.isError && !orders.data ? (
        <div>
          <p role="alert" className="text-sm text-danger">
            {errorMessage(orders.error, "Não foi possível carregar seus pedidos.")}
          </p>
          <Button variant="secondary" size="sm" className="mt-4" onClick={() => orders.refetch()}>
            Tentar novamente
          </Button>
        </div>
      ) : (
        <Table
          caption="Meus pedidos"
          columns={COLUMNS}
          rows={rows}
          getRowKey={(o) => o.id}
          loading={orders.isPending}
          emptyText="Nenhum pedido recebido ainda."
        />
      )}
    </Card>
  );
}
