import { Card, Spinner } from "@/components/ui";
import { CHART_HEIGHT, type ChartHeight } from "./chart-sizes";

/**
 * The place of a chart while Recharts itself is still downloading (a Suspense fallback): the same card and plot
 * height as the chart, so nothing moves when it arrives. Imports no Recharts.
 *
 * <Suspense fallback={<ChartSkeleton title="Vendas por dia" />}><LazyCharts /></Suspense>
 */
export function ChartSkeleton({ title, height = "md" }: { title: string; height?: ChartHeight }) {
  return (
    <Card title={title} className="min-w-0">
      <div className="flex w-full items-center justify-center text-accent" style={{ height: CHART_HEIGHT[height] }}>
        <Spinner size="lg" label="Carregando..." />
      </div>
    </Card>
  );
}
