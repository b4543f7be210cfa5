import { PageContainer } from "@/components/page";
import { AdminPageHeader } from "../components/admin-page-header";
import { OrderChartsSection } from "../components/orders/order-charts-section";
import { OrdersTableCard } from "../components/orders/orders-table-card";

/** Admin: Pedidos, route /admin/orders — sales charts and the shop's orders (manual Pix confirmation, CSV). */
export function AdminOrdersPage() {
  return (
    <PageContainer size="xl">
      <AdminPageHeader title="Pedidos" description="Vendas dos produtos das modelos e status de pagamento." />
      <div className="flex flex-col gap-6">
        <OrderChartsSection />
        <OrdersTableCard />
      </div>
    </PageContainer>
  );
}
