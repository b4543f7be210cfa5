import { errorMessage } from "@/lib/api-client";
import { useModelCharts } from "@/features/admin/api/get-model-charts";
import { BarChartCard, LineChartCard, PieChartCard } from "../charts";

const LOAD_ERROR = "Erro ao carregar os gráficos.";

/**
 * The four charts of the models page: top 10 by views, by city, by category, registrations per day (90 days).
 * Loaded on demand by ModelChartsSection (this module brings Recharts).
 */
export function ModelChartCards() {
  const charts = useModelCharts();
  const state = {
    loading: charts.isPending,
    error: charts.isError ? errorMessage(charts.error, LOAD_ERROR) : null,
    onRetry: () => void charts.refetch(),
  };
  const data = charts.data;
  return (
    <>
      <BarChartCard
        title="Top 10 por visualizações"
        description="As modelos mais vistas desde o cadastro."
        data={data?.top_views ?? []}
        categoryKey="name"
        series={[{ key: "views", label: "Visualizações" }]}
        orientation="horizontal"
        colorByBar
        height="lg"
        {...state}
      />
      <PieChartCard
        title="Modelos por cidade"
        description="Onde as modelos cadastradas atendem."
        data={data?.by_city ?? []}
        height="lg"
        {...state}
      />
      <BarChartCard
        title="Modelos por categoria"
        description="Quantas modelos há em cada categoria."
        data={data?.by_category ?? []}
        categoryKey="name"
        series={[{ key: "value", label: "Modelos" }]}
        orientation="horizontal"
        colorByBar
        {...state}
      />
      <LineChartCard
        title="Cadastros ao longo do tempo"
        description="Novas modelos por dia, últimos 90 dias."
        data={data?.registrations ?? []}
        xKey="date"
        series={[{ key: "count", label: "Cadastros" }]}
        {...state}
      />
    </>
  );
}
