import { CartesianGrid, Legend, Line, LineChart, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard, type ChartFrameProps } from "./chart-card";
import { axisProps, formatCount, formatDayTick, gridProps, legendProps, tooltipProps } from "./chart-theme";
import { getChartColor } from "./palette";
import { allSeriesZero, type ChartSeries, seriesTable } from "./series";

export type LineChartCardProps<T extends object> = ChartFrameProps & {
  data: T[];
  /** The field of the horizontal axis, usually a day "YYYY-MM-DD" (shown "dd/mm"). */
  xKey: keyof T & string;
  series: ChartSeries<T>[];
  formatValue?: (value: number) => string;
  formatX?: (value: unknown) => string;
};

/**
 * A line chart over days in a ChartCard; "Sem dados no período" when every value is zero.
 * <LineChartCard title="Cadastros" data={charts.registrations} xKey="date" series={[{ key: "count", label: "Cadastros" }]} />
 */
export function LineChartCard<T extends object>({
  data,
  xKey,
  series,
  formatValue = formatCount,
  formatX = formatDayTick,
  ...frame
}: LineChartCardProps<T>) {
  const isEmpty = allSeriesZero(data, series);
  return (
    <ChartCard
      {...frame}
      isEmpty={isEmpty}
      srTable={seriesTable(data, series, (row) => formatX(row[xKey]), formatValue, true)}
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
