import { useId } from "react";
import { Area, AreaChart, CartesianGrid, Legend, Tooltip, XAxis, YAxis } from "recharts";
import { ChartCard } from "./chart-card";
import { axisProps, formatCount, formatDayTick, gridProps, legendProps, tooltipProps } from "./chart-theme";
import type { LineChartCardProps } from "./line-chart-card";
import { getChartColor } from "./palette";
import { allSeriesZero, seriesTable } from "./series";

export type AreaChartCardProps<T extends object> = LineChartCardProps<T> & {
  /** Shorter values for the vertical axis (e.g. "R$ 1,2 mil"); defaults to formatValue. */
  formatAxis?: (value: number) => string;
};

/**
 * An area chart over days in a ChartCard (each series filled with its palette colour fading down);
 * "Sem dados no período" when every value is zero.
 * <AreaChartCard title="Vendas por dia" data={sales} xKey="date" series={[{ key: "revenue", label: "Receita" }]} />
 */
export function AreaChartCard<T extends object>({
  data,
  xKey,
  series,
  formatValue = formatCount,
  formatAxis,
  formatX = formatDayTick,
  ...frame
}: AreaChartCardProps<T>) {
  const gradientId = useId().replace(/:/g, "");
  const isEmpty = allSeriesZero(data, series);
  const axisFormat = formatAxis ?? formatValue;
  return (
    <ChartCard
      {...frame}
      isEmpty={isEmpty}
      srTable={seriesTable(data, series, (row) => formatX(row[xKey]), formatValue, true)}
    >
      <AreaChart
        data={data as Record<string, unknown>[]}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        <defs>
          {series.map((s, i) => (
            <linearGradient key={s.key} id={`${gradientId}-${i}`} x1="0" y1="0" x2="0" y2="1">
              <stop offset="0%" stopColor={getChartColor(i)} stopOpacity={0.45} />
              <stop offset="100%" stopColor={getChartColor(i)} stopOpacity={0.02} />
            </linearGradient>
          ))}
        </defs>
        <CartesianGrid {...gridProps} vertical={false} />
        <XAxis dataKey={xKey as string} {...axisProps} tickFormatter={formatX} minTickGap={24} />
        <YAxis {...axisProps} width={80} tickFormatter={(v: number) => axisFormat(v)} />
        <Tooltip
          {...tooltipProps}
          cursor={{ stroke: tooltipProps.cursor.stroke }}
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(label) => formatX(label)}
        />
        {series.length > 1 && <Legend {...legendProps} />}
        {series.map((s, i) => (
          <Area
            key={s.key}
            type="monotone"
            dataKey={s.key as string}
            name={s.label}
            stroke={getChartColor(i)}
            strokeWidth={2}
            fill={`url(#${gradientId}-${i})`}
            activeDot={{ r: 4 }}
            isAnimationActive={false}
          />
        ))}
      </AreaChart>
    </ChartCard>
  );
}
