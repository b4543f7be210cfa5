import { AdminPage } from "../components/admin-page";
import { OrderChartsSection } from "../components/orders/order-charts-section";
import { OrdersTableCard } from "../components/orders/orders-table-card";

/** Admin: Pedidos, route /admin/orders — sales charts and the shop's orders (manual Pix confirmation, CSV). */
export function AdminOrdersPage() {
  return (
    <AdminPage title="Pedidos" description="Vendas dos produtos das modelos e status de pagamento.">
      <OrderChartsSection />
      <OrdersTableCard />
    </AdminPage>
  );
}
