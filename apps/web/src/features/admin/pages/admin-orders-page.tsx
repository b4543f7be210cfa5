import { AdminPlaceholder } from "../components/admin-placeholder";

/** PLACEHOLDER — Admin: Pedidos, route /admin/orders (guarded by the router). Replaced by the admin issue. */
export function AdminOrdersPage() {
  return <AdminPlaceholder title="Pedidos" />;
}
