import { type AdminStatsResponse, formatBRL } from "@vitrine/contracts";
import {
  AreaChartCard,
  BarChartCard,
  LineChartCard,
  PieChartCard,
  truncateLabel,
} from "@/features/admin/components/charts";
import { RadarChartCard } from "@/features/admin/components/charts/radar-chart-card";
import { ScatterChartCard } from "@/features/admin/components/charts/scatter-chart-card";
import { formatMoneyAxis } from "@/features/admin/lib/format-money-axis";

/** The seven charts of the statistics page, all from one GET /api/admin/stats answer. */
export function StatsCharts({ stats }: { stats: AdminStatsResponse }) {
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <LineChartCard
        title="Acessos diários"
        description="Visualizações de páginas públicas por dia"
        data={stats.visits_per_day}
        xKey="date"
        series={[{ key: "visits", label: "Acessos" }]}
      />
      <AreaChartCard
        title="Vendas por dia"
        description="Receita dos pedidos pagos"
        data={stats.sales_per_day}
        xKey="date"
        series={[{ key: "revenue", label: "Receita" }]}
        formatValue={formatBRL}
        formatAxis={formatMoneyAxis}
      />
      <BarChartCard
        title="Modelos mais vistas"
        description="Top 10 por visualizações"
        data={stats.top_models}
        categoryKey="name"
        series={[{ key: "views", label: "Visualizações" }]}
        orientation="horizontal"
        colorByBar
        height="lg"
      />
      <PieChartCard
        title="Principais cidades"
        description="Acessos por cidade (top 10)"
        data={stats.top_cities}
        otherLabel="Outras cidades"
        height="lg"
      />
      <RadarChartCard
        title="Visualizações x contatos"
        description="As modelos mais vistas; cada medida relativa à maior delas"
        data={stats.top_models}
        categoryKey="name"
        series={[
          { key: "views", label: "Visualizações" },
          { key: "contacts", label: "Contatos" },
        ]}
        normalize
      />
      <ScatterChartCard
        title="Dispersão: visualizações x contatos"
        description="Cada ponto é uma modelo"
        data={stats.views_vs_contacts}
        nameKey="name"
        x={{ key: "views", label: "Visualizações" }}
        y={{ key: "contacts", label: "Contatos" }}
      />
      <div className="lg:col-span-2">
        <BarChartCard
          title="Principais categorias"
          description="Modelos visíveis por categoria"
          data={stats.top_categories}
          categoryKey="name"
          series={[{ key: "value", label: "Modelos" }]}
          colorByBar
          formatCategory={(name) => truncateLabel(name, 24)}
          height="sm"
        />
      </div>
    </div>
  );
}
