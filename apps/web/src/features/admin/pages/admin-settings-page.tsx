import { AdminPage } from "../components/admin-page";
import { PlanChartsSection } from "../components/plans/plan-charts-section";
import { PlansTableCard } from "../components/plans/plans-table-card";
import { SettingsPanel } from "../components/settings/settings-panel";

/** Admin: Configurações, route /admin/settings — plans (charts, table, modal) and the site's settings. */
export function AdminSettingsPage() {
  return (
    <AdminPage title="Configurações" description="Planos, dados do site, contatos, termos, PIX e pagamentos.">
      <PlanChartsSection />
      <PlansTableCard />
      <SettingsPanel />
    </AdminPage>
  );
}
