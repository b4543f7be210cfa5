import { lazy, Suspense } from "react";
import { ChartSkeleton } from "../charts/chart-skeleton";

const PlanCharts = lazy(() => import("./plan-charts").then((m) => ({ default: m.PlanCharts })));

/** The plan charts of Configurações; Recharts arrives after the rest of the page, in the skeletons' place. */
export function PlanChartsSection() {
  return (
    <Suspense
      fallback={
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartSkeleton title="Modelos por plano" />
          <ChartSkeleton title="Participação dos planos" />
        </div>
      }
    >
      <PlanCharts />
    </Suspense>
  );
}
