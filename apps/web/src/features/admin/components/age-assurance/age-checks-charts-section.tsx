import type { AdminAgeAssuranceResponse } from "@vitrine/contracts";
import { lazy, Suspense } from "react";
import { ChartSkeleton } from "../charts/chart-skeleton";

const AgeChecksCharts = lazy(() => import("./age-checks-charts").then((m) => ({ default: m.AgeChecksCharts })));

/** The age-check charts; the rest of the page shows first, Recharts arrives in the skeletons' place. */
export function AgeChecksChartsSection({ data }: { data: AdminAgeAssuranceResponse }) {
  return (
    <Suspense
      fallback={
        <div className="grid gap-6 lg:grid-cols-3">
          <div className="min-w-0 lg:col-span-2">
            <ChartSkeleton title="Verificações por dia" />
          </div>
          <ChartSkeleton title="Resultados" />
        </div>
      }
    >
      <AgeChecksCharts data={data} />
    </Suspense>
  );
}
