import { AdminPage } from "../components/admin-page";
import { AuditLogCard } from "../components/audit/audit-log-card";

/** Admin: Auditoria, route /admin/audit — every change made in the back-office, by whom and when. */
export function AdminAuditPage() {
  return (
    <AdminPage title="Auditoria" description="Quem alterou o quê no painel administrativo, e quando.">
      <AuditLogCard />
    </AdminPage>
  );
}
