import { Bar, BarChart, CartesianGrid, Legend, Rectangle, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard } from "./chart-card";
import type { ChartHeight } from "./chart-sizes";
import { axisProps, formatCount, gridProps, legendProps, tooltipProps, truncateLabel } from "./chart-theme";
import { getChartColor } from "./palette";

export type ChartSeries<T> = { key: keyof T & string; label: string };

export type BarChartCardProps<T extends object> = {
  title: string;
  description?: string;
  data: T[];
  /** The field naming each bar (model name, city, day…). */
  categoryKey: keyof T & string;
  /** One or more numeric fields; each is a series with its palette colour. */
  series: ChartSeries<T>[];
  /** "horizontal" lays the bars sideways (long names read better), "vertical" stands them up (days). */
  orientation?: "horizontal" | "vertical";
  /** With a single series: each bar takes the next palette colour. */
  colorByBar?: boolean;
  formatValue?: (value: number) => string;
  formatCategory?: (value: unknown) => string;
  height?: ChartHeight;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
};

/**
 * A bar chart in a ChartCard: "Sem dados no período" when there are no rows or every value is zero.
 * <BarChartCard title="Top 10 por visualizações" data={top} categoryKey="name"
 *   series={[{ key: "views", label: "Visualizações" }]} orientation="horizontal" colorByBar />
 */
export function BarChartCard<T extends object>({
  title,
  description,
  data,
  categoryKey,
  series,
  orientation = "vertical",
  colorByBar = false,
  formatValue = formatCount,
  formatCategory,
  height = "md",
  loading,
  error,
  onRetry,
}: BarChartCardProps<T>) {
  const valueOf = (row: T, key: keyof T) => Number(row[key]) || 0;
  const isEmpty = data.length === 0 || data.every((row) => series.every((s) => valueOf(row, s.key) === 0));
  const sideways = orientation === "horizontal";
  const categoryTick = formatCategory ?? ((v: unknown) => truncateLabel(v, sideways ? 16 : 10));
  const byBar = colorByBar && series.length === 1;
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
      <BarChart
        data={data as Record<string, unknown>[]}
        layout={sideways ? "vertical" : "horizontal"}
        margin={{ top: 8, right: 16, bottom: 4, left: sideways ? 4 : 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid {...gridProps} horizontal={!sideways} vertical={sideways} />
        {sideways ? (
          <>
            <XAxis type="number" {...axisProps} tickFormatter={(v: number) => formatValue(v)} allowDecimals={false} />
            <YAxis
              type="category"
              dataKey={categoryKey as string}
              {...axisProps}
              width={116}
              interval={0}
              tickFormatter={categoryTick}
            />
          </>
        ) : (
          <>
            <XAxis dataKey={categoryKey as string} {...axisProps} tickFormatter={categoryTick} minTickGap={8} />
            <YAxis {...axisProps} width={56} tickFormatter={(v: number) => formatValue(v)} allowDecimals={false} />
          </>
        )}
        <Tooltip
          {...tooltipProps}
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(label) => (formatCategory ? formatCategory(label) : String(label ?? ""))}
        />
        {series.length > 1 && <Legend {...legendProps} />}
        {series.map((s, i) => (
          <Bar
            key={s.key}
            dataKey={s.key as string}
            name={s.label}
            fill={getChartColor(i)}
            radius={sideways ? [0, 6, 6, 0] : [6, 6, 0, 0]}
            maxBarSize={sideways ? 22 : 40}
            isAnimationActive={false}
            shape={byBar ? (props) => <Rectangle {...props} fill={getChartColor(props.index)} /> : undefined}
          />
        ))}
      </BarChart>
    </ChartCard>
  );
}
