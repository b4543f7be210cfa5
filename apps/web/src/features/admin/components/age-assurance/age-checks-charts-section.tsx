import type { AdminAgeAssuranceResponse } from "@vitrine/contracts";
import { lazy, Suspense } from "react";
import { ChartSkeletonGrid } from "../charts/chart-skeleton";

const AgeChecksCharts = lazy(() => import("./age-checks-charts").then((m) => ({ default: m.AgeChecksCharts })));

/** The age-check charts; the rest of the page shows first, Recharts arrives in the skeletons' place. */
export function AgeChecksChartsSection({ data }: { data: AdminAgeAssuranceResponse }) {
  return (
    <Suspense
      fallback={
        <ChartSkeletonGrid
          columns={3}
          slots={[{ title: "Verificações por dia", wide: true }, { title: "Resultados" }]}
        />
      }
    >
      <AgeChecksCharts data={data} />
    </Suspense>
  );
}
