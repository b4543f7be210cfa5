import type { AdminStatsResponse } from "@vitrine/contracts";
import { lazy, Suspense } from "react";
import { ChartSkeleton } from "../charts/chart-skeleton";

const StatsCharts = lazy(() => import("./stats-charts").then((m) => ({ default: m.StatsCharts })));

/** The seven statistics charts; the cards show first, Recharts arrives in the skeletons' place. */
export function StatsChartsSection({ stats }: { stats: AdminStatsResponse }) {
  return (
    <Suspense
      fallback={
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartSkeleton title="Acessos diários" />
          <ChartSkeleton title="Vendas por dia" />
          <ChartSkeleton title="Modelos mais vistas" height="lg" />
          <ChartSkeleton title="Principais cidades" height="lg" />
          <ChartSkeleton title="Visualizações x contatos" />
          <ChartSkeleton title="Dispersão: visualizações x contatos" />
          <div className="lg:col-span-2">
            <ChartSkeleton title="Principais categorias" height="sm" />
          </div>
        </div>
      }
    >
      <StatsCharts stats={stats} />
    </Suspense>
  );
}
