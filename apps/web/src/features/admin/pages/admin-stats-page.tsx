import { formatBRL, type StatsPeriod } from "@vitrine/contracts";
import { useState } from "react";
import { PageContainer } from "@/components/page";
import { QueryState, Spinner, Stat, StatGroup } from "@/components/ui";
import { useStats } from "../api/get-stats";
import { AdminPageHeader } from "../components/admin-page-header";
import { PeriodButtons } from "../components/stats/period-buttons";
import { StatsChartsSection } from "../components/stats/stats-charts-section";

const count = new Intl.NumberFormat("pt-BR");

/** Admin: Estatísticas do Site, route /admin/stats — four cards and seven charts over 7, 30, 365 days or all. */
export function AdminStatsPage() {
  const [days, setDays] = useState<StatsPeriod>(30);
  const stats = useStats(days);
  const loading = stats.isFetching;

  return (
    <PageContainer size="xl">
      <AdminPageHeader title="Estatísticas do Site" description="Acessos, modelos, pedidos e receita no período." />
      <div className="mb-6 flex flex-wrap items-center gap-4">
        <PeriodButtons value={days} onChange={setDays} />
        {loading && (
          <span className="inline-flex items-center gap-2 text-sm text-ink-muted" role="status">
            <Spinner size="sm" className="text-accent" />
            Carregando...
          </span>
        )}
      </div>
      <QueryState query={stats} variant="page" errorText="Não foi possível carregar as estatísticas.">
        {(data) => (
          <div className="flex flex-col gap-6" aria-busy={loading || undefined}>
            <StatGroup className="grid-cols-2 lg:grid-cols-4">
              <Stat label="Acessos" value={count.format(data.summary.visits)} hint="No período" />
              <Stat label="Modelos" value={count.format(data.summary.models)} hint="Cadastradas" />
              <Stat label="Pedidos" value={count.format(data.summary.orders)} hint="No período" />
              <Stat label="Receita" value={formatBRL(data.summary.revenue)} hint="Pedidos pagos no período" />
            </StatGroup>
            <StatsChartsSection stats={data} />
          </div>
        )}
      </QueryState>
    </PageContainer>
  );
}
