import { BarChartCard, PieChartCard } from "@/features/admin/components/charts";
import { usePlanDistribution } from "@/features/admin/api/get-plan-distribution";

/** Models per plan (bars) and each plan's share (pie); a failed load shows the charts' empty state. */
export function PlanCharts() {
  const distribution = usePlanDistribution();
  const data = distribution.data ?? [];
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <BarChartCard
        title="Modelos por plano"
        data={data}
        categoryKey="name"
        series={[{ key: "value", label: "Modelos" }]}
        colorByBar
        loading={distribution.isPending}
      />
      <PieChartCard title="Participação dos planos" data={data} loading={distribution.isPending} />
    </div>
  );
}
