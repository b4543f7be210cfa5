import { PageContainer } from "@/components/page";
import { AdminPageHeader } from "../components/admin-page-header";
import { AuditLogCard } from "../components/audit/audit-log-card";

/** Admin: Auditoria, route /admin/audit — every change made in the back-office, by whom and when. */
export function AdminAuditPage() {
  return (
    <PageContainer size="xl">
      <AdminPageHeader title="Auditoria" description="Quem alterou o quê no painel administrativo, e quando." />
      <AuditLogCard />
    </PageContainer>
  );
}
