/** The back-office chart kit (Recharts): import from "@/features/admin/components/charts" (admin pages only). */
export { BarChartCard, type BarChartCardProps, type ChartSeries } from "./bar-chart-card";
export { CHART_EMPTY_TEXT, CHART_HEIGHT, ChartCard, type ChartCardProps, type ChartHeight } from "./chart-card";
export {
  axisProps,
  formatCount,
  formatDayTick,
  gridProps,
  legendProps,
  tooltipProps,
  truncateLabel,
} from "./chart-theme";
export { LineChartCard, type LineChartCardProps } from "./line-chart-card";
export { CHART_CHROME, CHART_PALETTE, getChartColor } from "./palette";
export { groupSmallSlices, PieChartCard, type PieChartCardProps } from "./pie-chart-card";
