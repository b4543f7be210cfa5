import { Legend, PolarAngleAxis, PolarGrid, PolarRadiusAxis, Radar, RadarChart, Tooltip } from "recharts";
import { ChartCard, type ChartFrameProps } from "./chart-card";
import { formatCount, legendProps, tooltipProps, truncateLabel } from "./chart-theme";
import { CHART_CHROME, getChartColor } from "./palette";
import { allSeriesZero, type ChartSeries, seriesTable, seriesValue } from "./series";

export type RadarChartCardProps<T extends object> = ChartFrameProps & {
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
};

/**
 * A radar (spider) chart in a ChartCard: one spoke per row, one outline per series in its palette colour.
 * Needs three rows to draw a shape; fewer, or all zeros, show "Sem dados no período".
 */
export function RadarChartCard<T extends object>({
  data,
  categoryKey,
  series,
  formatValue = formatCount,
  normalize = false,
  ...frame
}: RadarChartCardProps<T>) {
  const isEmpty = data.length < 3 || allSeriesZero(data, series);
  const maxOf = Object.fromEntries(
    series.map((s) => [s.key, Math.max(...data.map((row) => seriesValue(row, s.key)), 1)]),
  );
  // Plotted values live under "plot:<key>" so the real ones stay in the row for the tooltip.
  const plotKey = (key: string) => (normalize ? `plot:${key}` : key);
  const plotted = data.map((row) => ({
    ...row,
    ...Object.fromEntries(series.map((s) => [plotKey(s.key), (seriesValue(row, s.key) / maxOf[s.key]) * 100])),
  }));
  return (
    <ChartCard
      {...frame}
      isEmpty={isEmpty}
      srTable={seriesTable(data, series, (row) => String(row[categoryKey] ?? ""), formatValue)}
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
