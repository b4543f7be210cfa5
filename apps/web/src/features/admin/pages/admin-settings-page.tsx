import { AdminPage } from "../components/admin-page";
import { PlanChartsSection } from "../components/plans/plan-charts-section";
import { PlansTableCard } from "../components/plans/plans-table-card";
import { ServiceOptionsCard } from "../components/settings/service-options-card";
import { SettingsPanel } from "../components/settings/settings-panel";

/** Admin: Configurações, route /admin/settings — plans (charts, table, modal), the list of services and the site's settings. */
export function AdminSettingsPage() {
  return (
    <AdminPage title="Configurações" description="Planos, serviços, dados do site, contatos, termos, PIX e pagamentos.">
      <PlanChartsSection />
      <PlansTableCard />
      <ServiceOptionsCard />
      <SettingsPanel />
    </AdminPage>
  );
}
