/**
 * The back-office chart kit (Recharts): import from "@/features/admin/components/charts" (admin pages only).
 * Recharts is large: load the charts of a page with React.lazy and show ChartSkeleton (imported from its own file,
 * "./charts/chart-skeleton", which pulls no Recharts) meanwhile, so the rest of the page appears first.
 */
export { BarChartCard, type BarChartCardProps } from "./bar-chart-card";
export { ChartCard, type ChartCardProps, type ChartFrameProps } from "./chart-card";
export { CHART_EMPTY_TEXT, CHART_HEIGHT, type ChartHeight } from "./chart-sizes";
export { ChartSkeleton } from "./chart-skeleton";
export {
  axisProps,
  formatCount,
  formatDayTick,
  gridProps,
  legendProps,
  tooltipProps,
  truncateLabel,
} from "./chart-theme";
export { AreaChartCard, type AreaChartCardProps, LineChartCard, type LineChartCardProps } from "./day-chart-card";
export { CHART_CHROME, CHART_PALETTE, getChartColor } from "./palette";
export { groupSmallSlices, PieChartCard, type PieChartCardProps } from "./pie-chart-card";
export { type ChartSeries } from "./series";
