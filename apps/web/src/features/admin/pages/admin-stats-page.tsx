import { AdminPlaceholder } from "../components/admin-placeholder";

/** PLACEHOLDER — Admin: Estatísticas do Site, route /admin/stats (guarded by the router). Replaced by the admin issue. */
export function AdminStatsPage() {
  return <AdminPlaceholder title="Estatísticas do Site" />;
}
