import { Bar, BarChart, CartesianGrid, Legend, Rectangle, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard, type ChartFrameProps } from "./chart-card";
import { axisProps, formatCount, gridProps, legendProps, tooltipProps, truncateLabel } from "./chart-theme";
import { getChartColor } from "./palette";
import { allSeriesZero, type ChartSeries, seriesTable } from "./series";

export type BarChartCardProps<T extends object> = ChartFrameProps & {
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
};

/**
 * A bar chart in a ChartCard: "Sem dados no período" when there are no rows or every value is zero.
 * <BarChartCard title="Top 10 por visualizações" data={top} categoryKey="name"
 *   series={[{ key: "views", label: "Visualizações" }]} orientation="horizontal" colorByBar />
 */
export function BarChartCard<T extends object>({
  data,
  categoryKey,
  series,
  orientation = "vertical",
  colorByBar = false,
  formatValue = formatCount,
  formatCategory,
  ...frame
}: BarChartCardProps<T>) {
  const isEmpty = allSeriesZero(data, series);
  const sideways = orientation === "horizontal";
  const categoryTick = formatCategory ?? ((v: unknown) => truncateLabel(v, sideways ? 16 : 10));
  const byBar = colorByBar && series.length === 1;
  return (
    <ChartCard
      {...frame}
      isEmpty={isEmpty}
      srTable={seriesTable(data, series, (row) => String(row[categoryKey] ?? ""), formatValue)}
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
