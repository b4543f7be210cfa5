import { lazy, Suspense } from "react";
import { ChartSkeletonGrid } from "../charts/chart-skeleton";

const OrderCharts = lazy(() => import("./order-charts").then((m) => ({ default: m.OrderCharts })));

/** The orders page's charts; Recharts arrives after the table, in the skeletons' place. */
export function OrderChartsSection() {
  return (
    <Suspense
      fallback={
        <ChartSkeletonGrid
          slots={[
            { title: "Vendas por dia" },
            { title: "Status dos pedidos" },
            { title: "Pedidos ao longo do tempo", height: "sm", wide: true },
          ]}
        />
      }
    >
      <OrderCharts />
    </Suspense>
  );
}
