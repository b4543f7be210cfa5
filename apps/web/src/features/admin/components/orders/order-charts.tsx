import { formatBRL, orderStatusLabel } from "@vitrine/contracts";
import { AreaChartCard, LineChartCard, PieChartCard } from "@/features/admin/components/charts";
import { errorMessage } from "@/lib/api-client";
import { ORDER_CHARTS_DAYS, useOrderCharts } from "@/features/admin/api/get-order-charts";
import { formatMoneyAxis } from "@/features/admin/lib/format-money-axis";

/** The orders page's three charts over the last 30 days: revenue per day, orders by status, orders per day. */
export function OrderCharts() {
  const charts = useOrderCharts();
  const state = {
    loading: charts.isPending,
    error: charts.isError ? errorMessage(charts.error, "Não foi possível carregar o gráfico.") : null,
    onRetry: () => void charts.refetch(),
  };
  const sales = charts.data?.sales_per_day ?? [];
  const byStatus = (charts.data?.by_status ?? []).map((s) => ({ ...s, name: orderStatusLabel(s.name) }));
  const period = `Últimos ${ORDER_CHARTS_DAYS} dias`;

  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <AreaChartCard
        title="Vendas por dia"
        description={`${period} · receita dos pedidos pagos`}
        data={sales}
        xKey="date"
        series={[{ key: "revenue", label: "Receita" }]}
        formatValue={formatBRL}
        formatAxis={formatMoneyAxis}
        {...state}
      />
      <PieChartCard title="Status dos pedidos" description={period} data={byStatus} {...state} />
      <div className="lg:col-span-2">
        <LineChartCard
          title="Pedidos ao longo do tempo"
          description={`${period} · pedidos criados e pedidos pagos`}
          data={sales}
          xKey="date"
          series={[
            { key: "orders", label: "Pedidos" },
            { key: "paid_orders", label: "Pagos" },
          ]}
          height="sm"
          {...state}
        />
      </div>
    </div>
  );
}
