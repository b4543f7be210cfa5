import { Legend, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, Tooltip } from "recharts";
import type { ChartSeries } from "./bar-chart-card";
import { ChartCard } from "./chart-card";
import type { ChartHeight } from "./chart-sizes";
import { formatCount, legendProps, tooltipProps, truncateLabel } from "./chart-theme";
import { CHART_CHROME, getChartColor } from "./palette";

export type RadarChartCardProps<T extends object> = {
  title: string;
  description?: string;
  data: T[];
  /** The field naming each spoke (a model's name). */
  categoryKey: keyof T & string;
  series: ChartSeries<T>[];
  formatValue?: (value: number) => string;
  /**
   * Draws each series as a share of its own largest value (the largest is the rim), so series of very different
   * sizes (views and contacts) are both readable; the tooltip still shows the real values.
   */
  normalize?: boolean;
  height?: ChartHeight;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
};

/**
 * A radar (spider) chart in a ChartCard: one spoke per row, one outline per series in its palette colour.
 * Needs three rows to draw a shape; fewer, or all zeros, show "Sem dados no período".
 */
export function RadarChartCard<T extends object>({
  title,
  description,
  data,
  categoryKey,
  series,
  formatValue = formatCount,
  normalize = false,
  height = "md",
  loading,
  error,
  onRetry,
}: RadarChartCardProps<T>) {
  const valueOf = (row: T, key: keyof T) => Number(row[key]) || 0;
  const isEmpty = data.length < 3 || data.every((row) => series.every((s) => valueOf(row, s.key) === 0));
  const maxOf = Object.fromEntries(series.map((s) => [s.key, Math.max(...data.map((row) => valueOf(row, s.key)), 1)]));
  // Plotted values live under "plot:<key>" so the real ones stay in the row for the tooltip.
  const plotKey = (key: string) => (normalize ? `plot:${key}` : key);
  const plotted = data.map((row) => ({
    ...row,
    ...Object.fromEntries(series.map((s) => [plotKey(s.key), (valueOf(row, s.key) / maxOf[s.key]) * 100])),
  }));
  return (
    <ChartCard
      title={title}
      description={description}
      height={height}
      loading={loading}
      error={error}
      onRetry={onRetry}
      isEmpty={isEmpty}
      srTable={{
        headers: ["", ...series.map((s) => s.label)],
        rows: data.map((row) => [
          String(row[categoryKey] ?? ""),
          ...series.map((s) => formatValue(valueOf(row, s.key))),
        ]),
      }}
    >
      <RadarChart data={plotted as Record<string, unknown>[]} cy="46%" outerRadius="68%" accessibilityLayer={false}>
        <PolarGrid stroke={CHART_CHROME.grid} />
        <PolarAngleAxis
          dataKey={categoryKey as string}
          tick={{ fill: CHART_CHROME.tick, fontSize: 11 }}
          tickFormatter={(v: unknown) => truncateLabel(v, 12)}
        />
        <PolarRadiusAxis tick={false} axisLine={false} domain={normalize ? [0, 100] : undefined} />
        <Tooltip
          {...tooltipProps}
          formatter={(value, _name, item) => {
            const key = String(item.dataKey ?? "").replace(/^plot:/, "");
            const real = normalize ? (item.payload as Record<string, unknown>)[key] : value;
            return formatValue(Number(real));
          }}
        />
        <Legend {...legendProps} />
        {series.map((s, i) => (
          <Radar
            key={s.key}
            dataKey={plotKey(s.key)}
            name={s.label}
            stroke={getChartColor(i)}
            fill={getChartColor(i)}
            fillOpacity={0.22}
            strokeWidth={2}
            isAnimationActive={false}
          />
        ))}
      </RadarChart>
    </ChartCard>
  );
}
