import { lazy, Suspense } from "react";
import { ChartSkeleton } from "../charts/chart-skeleton";

const ModelChartCards = lazy(() => import("./model-charts").then((m) => ({ default: m.ModelChartCards })));

/** The charts section of the models page; Recharts arrives after the table, in the skeletons' place. */
export function ModelChartsSection() {
  return (
    <section aria-labelledby="model-charts-title" className="mt-10">
      <h2 id="model-charts-title" className="mb-4 font-display text-2xl font-semibold text-ink">
        Gráficos
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <Suspense
          fallback={
            <>
              <ChartSkeleton title="Top 10 por visualizações" height="lg" />
              <ChartSkeleton title="Modelos por cidade" height="lg" />
              <ChartSkeleton title="Modelos por categoria" />
              <ChartSkeleton title="Cadastros ao longo do tempo" />
            </>
          }
        >
          <ModelChartCards />
        </Suspense>
      </div>
    </section>
  );
}
