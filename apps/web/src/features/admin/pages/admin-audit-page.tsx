import { AdminPlaceholder } from "../components/admin-placeholder";

/** PLACEHOLDER — Admin: Auditoria, route /admin/audit (guarded by the router): GET /api/admin/audit-log. */
export function AdminAuditPage() {
  return <AdminPlaceholder title="Auditoria" />;
}
