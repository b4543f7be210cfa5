import { useId } from "react";
import {
  Area,
  AreaChart,
  CartesianGrid,
  Legend,
  Line,
  LineChart,
  ReferenceArea,
  Tooltip,
  XAxis,
  YAxis,
} from "recharts";
import { getTodayInSaoPaulo } from "@/features/admin/lib/today";
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

export type AreaChartCardProps<T extends object> = LineChartCardProps<T> & {
  /** Shorter values for the vertical axis (e.g. "R$ 1,2 mil"); defaults to formatValue. */
  formatAxis?: (value: number) => string;
};

/** The shade of today's unfinished stretch. */
const CHART_PARTIAL_FILL = "rgba(255, 255, 255, 0.05)";

/**
 * A line chart over days in a ChartCard; "Sem dados no período" when every value is zero.
 * <LineChartCard title="Cadastros" data={charts.registrations} xKey="date" series={[{ key: "count", label: "Cadastros" }]} />
 */
export function LineChartCard<T extends object>(props: LineChartCardProps<T>) {
  return <DayChartCard {...props} filled={false} />;
}

/**
 * An area chart over days in a ChartCard (each series filled with its palette colour fading down);
 * "Sem dados no período" when every value is zero.
 * <AreaChartCard title="Vendas por dia" data={sales} xKey="date" series={[{ key: "revenue", label: "Receita" }]} />
 */
export function AreaChartCard<T extends object>(props: AreaChartCardProps<T>) {
  return <DayChartCard {...props} filled />;
}

/**
 * The one drawing of values over days: grid, day axis, value axis, tooltip, a legend for several series, and the
 * rows for screen readers (quiet days left out). `filled` draws areas fading down (any values, wider value axis)
 * instead of lines (whole counts). Today, when it is the last day drawn, has not ended: its stretch is shaded and
 * labelled "hoje (parcial)" (also in the tooltip and the rows), so its lower count does not read as a fall.
 */
function DayChartCard<T extends object>({
  data,
  xKey,
  series,
  formatValue = formatCount,
  formatAxis,
  formatX = formatDayTick,
  filled,
  ...frame
}: AreaChartCardProps<T> & { filled: boolean }) {
  const gradientId = useId().replace(/:/g, "");
  const isEmpty = allSeriesZero(data, series);
  const axisFormat = formatAxis ?? formatValue;
  const Chart = filled ? AreaChart : LineChart;
  const today = getTodayInSaoPaulo();
  const lastDay = data.length > 1 ? data[data.length - 1]![xKey] : undefined;
  const partial = lastDay === today;
  const dayLabel = (value: unknown) =>
    partial && value === today ? `${formatX(value)} (hoje, parcial)` : formatX(value);
  return (
    <ChartCard
      {...frame}
      isEmpty={isEmpty}
      srTable={seriesTable(data, series, (row) => dayLabel(row[xKey]), formatValue, true)}
    >
      <Chart
        data={data as Record<string, unknown>[]}
        margin={{ top: 8, right: 16, bottom: 4, left: 0 }}
        accessibilityLayer={false}
      >
        {filled && (
          <defs>
            {series.map((s, i) => (
              <linearGradient key={s.key} id={`${gradientId}-${i}`} x1="0" y1="0" x2="0" y2="1">
                <stop offset="0%" stopColor={getChartColor(i)} stopOpacity={0.45} />
                <stop offset="100%" stopColor={getChartColor(i)} stopOpacity={0.02} />
              </linearGradient>
            ))}
          </defs>
        )}
        <CartesianGrid {...gridProps} vertical={false} />
        <XAxis dataKey={xKey as string} {...axisProps} tickFormatter={formatX} minTickGap={24} />
        <YAxis
          {...axisProps}
          width={filled ? 80 : 56}
          tickFormatter={(v: number) => axisFormat(v)}
          allowDecimals={filled}
        />
        <Tooltip
          {...tooltipProps}
          cursor={{ stroke: tooltipProps.cursor.stroke }}
          formatter={(value) => formatValue(Number(value))}
          labelFormatter={(label) => dayLabel(label)}
        />
        {partial && (
          <ReferenceArea
            x1={data[data.length - 2]![xKey] as string}
            x2={today}
            fill={CHART_PARTIAL_FILL}
            fillOpacity={1}
            ifOverflow="extendDomain"
            label={{ value: "hoje (parcial)", position: "insideTopRight", fill: axisProps.tick.fill, fontSize: 11 }}
          />
        )}
        {series.length > 1 && <Legend {...legendProps} />}
        {series.map((s, i) => {
          const drawn = {
            type: "monotone",
            dataKey: s.key as string,
            name: s.label,
            stroke: getChartColor(i),
            strokeWidth: 2,
            activeDot: { r: 4 },
            isAnimationActive: false,
          } as const;
          return filled ? (
            <Area key={s.key} {...drawn} fill={`url(#${gradientId}-${i})`} />
          ) : (
            <Line key={s.key} {...drawn} dot={false} />
          );
        })}
      </Chart>
    </ChartCard>
  );
}
