import { PageContainer } from "@/components/page";
import { AdminPageHeader } from "../components/admin-page-header";
import { PlanChartsSection } from "../components/plans/plan-charts-section";
import { PlansTableCard } from "../components/plans/plans-table-card";
import { SettingsPanel } from "../components/settings/settings-panel";

/** Admin: Configurações, route /admin/settings — plans (charts, table, modal) and the site's settings. */
export function AdminSettingsPage() {
  return (
    <PageContainer size="xl">
      <AdminPageHeader title="Configurações" description="Planos, dados do site, contatos, termos, PIX e pagamentos." />
      <div className="flex flex-col gap-6">
        <PlanChartsSection />
        <PlansTableCard />
        <SettingsPanel />
      </div>
    </PageContainer>
  );
}
