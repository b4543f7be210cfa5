import { ADMIN_PAGE_SIZES, formatBRL, type OwnOrder, plural, sumMoney } from "@vitrine/contracts";
import { useState } from "react";
import { OrderStatusBadge } from "@/components/order-status-badge";
import { Card, Pagination, QueryState, Table, type TableColumn } from "@/components/ui";
import { formatDate } from "@/lib/format";
import { useOwnOrders } from "../api/get-own-orders";

const COLUMNS: TableColumn<OwnOrder>[] = [
  { key: "id", header: "Pedido", render: (o) => <span className="text-ink-muted">#{o.id}</span> },
  { key: "product", header: "Produto", render: (o) => o.product_name },
  { key: "customer", header: "Cliente", render: (o) => o.customer_name },
  { key: "amount", header: "Valor", align: "right", render: (o) => formatBRL(o.amount) },
  { key: "status", header: "Status", render: (o) => <OrderStatusBadge status={o.status} /> },
  { key: "date", header: "Data", render: (o) => formatDate(o.created_at) },
];

function OrdersTable({ rows, loading = false }: { rows: OwnOrder[]; loading?: boolean }) {
  return (
    <Table
      caption="Meus pedidos"
      columns={COLUMNS}
      rows={rows}
      getRowKey={(o) => o.id}
      loading={loading}
      emptyText="Nenhum pedido recebido ainda."
    />
  );
}

/** The orders one page at a time, with the same page controls at every width. */
function PagedOrders({ rows }: { rows: OwnOrder[] }) {
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState<number>(ADMIN_PAGE_SIZES[0]);
  const pages = Math.ceil(rows.length / pageSize);
  const current = Math.min(page, Math.max(1, pages));
  return (
    <div className="flex flex-col gap-4">
      <OrdersTable rows={rows.slice((current - 1) * pageSize, current * pageSize)} />
      {rows.length > 0 && (
        <Pagination
          page={current}
          pages={pages}
          total={rows.length}
          onPageChange={setPage}
          pageSize={pageSize}
          onPageSizeChange={(size) => {
            setPageSize(size);
            setPage(1);
          }}
        />
      )}
    </div>
  );
}

/** The model's own orders ("Meus Pedidos"); only orders with status paid count as money received. */
export function OrdersCard() {
  const orders = useOwnOrders();
  const rows = orders.data ?? [];
  const received = sumMoney(rows.filter((o) => o.status === "paid").map((o) => o.amount));

  return (
    <Card
      title="Meus Pedidos"
      description={
        orders.data
          ? `${plural(rows.length, "pedido", "pedidos")} · ${formatBRL(received)} recebidos`
          : "Pedidos dos seus produtos."
      }
      padding="md"
    >
      <QueryState
        query={orders}
        variant="inline"
        errorText="Não foi possível carregar seus pedidos."
        loading={<OrdersTable rows={[]} loading />}
      >
        {(data) => <PagedOrders rows={data} />}
      </QueryState>
    </Card>
  );
}
