import { AdminPlaceholder } from "../components/admin-placeholder";

/** PLACEHOLDER — Admin: Configurações, route /admin/settings (guarded by the router). Replaced by the admin issue. */
export function AdminSettingsPage() {
  return <AdminPlaceholder title="Configurações" />;
}
