import { lazy, Suspense } from "react";
import { ChartSkeletonGrid } from "../charts/chart-skeleton";

const PlanCharts = lazy(() => import("./plan-charts").then((m) => ({ default: m.PlanCharts })));

/** The plan charts of Configurações; Recharts arrives after the rest of the page, in the skeletons' place. */
export function PlanChartsSection() {
  return (
    <Suspense
      fallback={<ChartSkeletonGrid slots={[{ title: "Modelos por plano" }, { title: "Participação dos planos" }]} />}
    >
      <PlanCharts />
    </Suspense>
  );
}
