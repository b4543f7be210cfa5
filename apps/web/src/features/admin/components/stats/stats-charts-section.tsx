import type { AdminStatsResponse } from "@vitrine/contracts";
import { lazy, Suspense } from "react";
import { ChartSkeletonGrid } from "../charts/chart-skeleton";

const StatsCharts = lazy(() => import("./stats-charts").then((m) => ({ default: m.StatsCharts })));

/** The seven statistics charts; the cards show first, Recharts arrives in the skeletons' place. */
export function StatsChartsSection({ stats }: { stats: AdminStatsResponse }) {
  return (
    <Suspense
      fallback={
        <ChartSkeletonGrid
          slots={[
            { title: "Acessos diários" },
            { title: "Vendas por dia" },
            { title: "Modelos mais vistas", height: "lg" },
            { title: "Principais cidades", height: "lg" },
            { title: "Visualizações x contatos" },
            { title: "Dispersão: visualizações x contatos" },
            { title: "Principais categorias", height: "sm", wide: true },
          ]}
        />
      }
    >
      <StatsCharts stats={stats} />
    </Suspense>
  );
}
