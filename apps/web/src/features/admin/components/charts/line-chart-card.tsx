import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import type { ChartSeries } from "./bar-chart-card";
import { ChartCard } from "./chart-card";
import type { ChartHeight } from "./chart-sizes";
import { axisProps, formatCount, formatDayTick, gridProps, legendProps, tooltipProps } from "./chart-theme";
import { getChartColor } from "./palette";

export type LineChartCardProps<T extends object> = {
  title: string;
  description?: string;
  data: T[];
  /** The field of the horizontal axis, usually a day "YYYY-MM-DD" (shown "dd/mm"). */
  xKey: keyof T & string;
  series: ChartSeries<T>[];
  formatValue?: (value: number) => string;
  formatX?: (value: unknown) => string;
  height?: ChartHeight;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
};

/**
 * A line chart over days in a ChartCard; "Sem dados no período" when every value is zero.
 * <LineChartCard title="Cadastros" data={charts.registrations} xKey="date" series={[{ key: "count", label: "Cadastros" }]} />
 */
export function LineChartCard<T extends object>({
  title,
  description,
  data,
  xKey,
  series,
  formatValue = formatCount,
  formatX = formatDayTick,
  height = "md",
  loading,
  error,
  onRetry,
}: LineChartCardProps<T>) {
  const valueOf = (row: T, key: keyof T) => Number(row[key]) || 0;
  const isEmpty = data.length === 0 || data.every((row) => series.every((s) => valueOf(row, s.key) === 0));
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
        rows: data
          .filter((row) => series.some((s) => valueOf(row, s.key) !== 0))
          .map((row) => [formatX(row[xKey]), ...series.map((s) => formatValue(valueOf(row, s.key)))]),
      }}
    >
      <LineChart
        data={data as Record<string, unknown>[]}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <CartesianGrid {...gridProps} vertical={false} />
        <XAxis dataKey={xKey as string} {...axisProps} tickFormatter={formatX} minTickGap={24} />
        <YAxis {...axisProps} width={56} tickFormatter={(v: number) => formatValue(v)} allowDecimals={false} />
        <Tooltip
          {...tooltipProps}
          cursor={{ stroke: tooltipProps.cursor.stroke }}
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(label) => formatX(label)}
        />
        {series.length > 1 && <Legend {...legendProps} />}
        {series.map((s, i) => (
          <Line
            key={s.key}
            type="monotone"
            dataKey={s.key as string}
            name={s.label}
            stroke={getChartColor(i)}
            strokeWidth={2}
            dot={false}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </LineChart>
    </ChartCard>
  );
}
