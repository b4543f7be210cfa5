import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import { ChartCard } from "./chart-card";
import type { ChartHeight } from "./chart-sizes";
import { axisProps, formatCount, gridProps, tooltipProps } from "./chart-theme";
import { getChartColor } from "./palette";

export type ScatterChartCardProps<T extends object> = {
  title: string;
  description?: string;
  data: T[];
  /** The field naming each point (shown in the tooltip). */
  nameKey: keyof T & string;
  x: { key: keyof T & string; label: string };
  y: { key: keyof T & string; label: string };
  formatValue?: (value: number) => string;
  height?: ChartHeight;
  loading?: boolean;
  error?: string | null;
  onRetry?: () => void;
};

/** A scatter chart in a ChartCard: one point per row; "Sem dados no período" when every point is at zero. */
export function ScatterChartCard<T extends object>({
  title,
  description,
  data,
  nameKey,
  x,
  y,
  formatValue = formatCount,
  height = "md",
  loading,
  error,
  onRetry,
}: ScatterChartCardProps<T>) {
  const valueOf = (row: T, key: keyof T) => Number(row[key]) || 0;
  const isEmpty = data.length === 0 || data.every((row) => valueOf(row, x.key) === 0 && valueOf(row, y.key) === 0);
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
        headers: ["", x.label, y.label],
        rows: data.map((row) => [
          String(row[nameKey] ?? ""),
          formatValue(valueOf(row, x.key)),
          formatValue(valueOf(row, y.key)),
        ]),
      }}
    >
      <ScatterChart margin={{ top: 8, right: 16, bottom: 16, left: 0 }} accessibilityLayer={false}>
        <CartesianGrid {...gridProps} />
        <XAxis
          type="number"
          dataKey={x.key as string}
          name={x.label}
          {...axisProps}
          tickFormatter={(v: number) => formatValue(v)}
          allowDecimals={false}
          label={{ value: x.label, position: "insideBottom", offset: -10, fill: axisProps.tick.fill, fontSize: 12 }}
        />
        <YAxis
          type="number"
          dataKey={y.key as string}
          name={y.label}
          {...axisProps}
          width={56}
          tickFormatter={(v: number) => formatValue(v)}
          allowDecimals={false}
          label={{ value: y.label, angle: -90, position: "insideLeft", fill: axisProps.tick.fill, fontSize: 12 }}
        />
        <ZAxis range={[70, 70]} />
        <Tooltip
          {...tooltipProps}
          cursor={{ strokeDasharray: "3 3", stroke: tooltipProps.cursor.stroke }}
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(_label, payload) => String(payload?.[0]?.payload?.[nameKey] ?? "")}
        />
        <Scatter
          data={data as Record<string, unknown>[]}
          name={title}
          fill={getChartColor(0)}
          fillOpacity={0.85}
          isAnimationActive={false}
        />
      </ScatterChart>
    </ChartCard>
  );
}
