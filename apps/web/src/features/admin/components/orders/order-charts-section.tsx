import { lazy, Suspense } from "react";
import { ChartSkeleton } from "../charts/chart-skeleton";

const OrderCharts = lazy(() => import("./order-charts").then((m) => ({ default: m.OrderCharts })));

/** The orders page's charts; Recharts arrives after the table, in the skeletons' place. */
export function OrderChartsSection() {
  return (
    <Suspense
      fallback={
        <div className="grid gap-6 lg:grid-cols-2">
          <ChartSkeleton title="Vendas por dia" />
          <ChartSkeleton title="Status dos pedidos" />
          <div className="lg:col-span-2">
            <ChartSkeleton title="Pedidos ao longo do tempo" height="sm" />
          </div>
        </div>
      }
    >
      <OrderCharts />
    </Suspense>
  );
}
