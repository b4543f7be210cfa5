import { CartesianGrid, Scatter, ScatterChart, Tooltip, XAxis, YAxis, ZAxis } from "recharts";
import { ChartCard, type ChartFrameProps } from "./chart-card";
import { axisProps, formatCount, gridProps, tooltipProps } from "./chart-theme";
import { getChartColor } from "./palette";
import { seriesValue } from "./series";

export type ScatterChartCardProps<T extends object> = ChartFrameProps & {
  data: T[];
  /** The field naming each point (shown in the tooltip). */
  nameKey: keyof T & string;
  x: { key: keyof T & string; label: string };
  y: { key: keyof T & string; label: string };
  formatValue?: (value: number) => string;
};

/** A scatter chart in a ChartCard: one point per row; "Sem dados no período" when every point is at zero. */
export function ScatterChartCard<T extends object>({
  title,
  data,
  nameKey,
  x,
  y,
  formatValue = formatCount,
  ...frame
}: ScatterChartCardProps<T>) {
  const isEmpty =
    data.length === 0 || data.every((row) => seriesValue(row, x.key) === 0 && seriesValue(row, y.key) === 0);
  return (
    <ChartCard
      title={title}
      {...frame}
      isEmpty={isEmpty}
      srTable={{
        headers: ["", x.label, y.label],
        rows: data.map((row) => [
          String(row[nameKey] ?? ""),
          formatValue(seriesValue(row, x.key)),
          formatValue(seriesValue(row, y.key)),
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
