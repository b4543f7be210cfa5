import { AdminPlaceholder } from "../components/admin-placeholder";

/** PLACEHOLDER — Admin: Gerenciar Modelos, route /admin/models (guarded by the router). Replaced by the admin issue. */
export function AdminModelsPage() {
  return <AdminPlaceholder title="Gerenciar Modelos" />;
}
