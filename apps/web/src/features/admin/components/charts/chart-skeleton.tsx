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

/** One chart's place in a ChartSkeletonGrid: its title, its plot height, and whether it spans two columns. */
export type ChartSlot = { title: string; height?: ChartHeight; wide?: boolean };

/**
 * The fallback of a lazily loaded group of charts: a skeleton per chart in the grid the charts will fill (two or
 * three columns on a large screen; a wide chart spans two), so the page keeps its layout while Recharts arrives.
 */
export function ChartSkeletonGrid({ slots, columns = 2 }: { slots: ChartSlot[]; columns?: 2 | 3 }) {
  return (
    <div className={columns === 3 ? "grid gap-6 lg:grid-cols-3" : "grid gap-6 lg:grid-cols-2"}>
      {slots.map(({ title, height, wide }) =>
        wide ? (
          <div key={title} className="min-w-0 lg:col-span-2">
            <ChartSkeleton title={title} height={height} />
          </div>
        ) : (
          <ChartSkeleton key={title} title={title} height={height} />
        ),
      )}
    </div>
  );
}
