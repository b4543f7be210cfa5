import type { ChartSlice } from "@vitrine/contracts";
import { Legend, Pie, PieChart, Sector, Tooltip } from "recharts";
import { ChartCard, type ChartFrameProps } from "./chart-card";
import { formatCount, legendProps, tooltipProps } from "./chart-theme";
import { CHART_PALETTE, getChartColor } from "./palette";

export type PieChartCardProps = ChartFrameProps & {
  data: ChartSlice[];
  formatValue?: (value: number) => string;
  /** Label of the slice that gathers the smaller ones. */
  otherLabel?: string;
};

/**
 * Keeps the 7 largest slices and gathers the rest into one ("Outras"), so each slice has its own palette colour
 * and the legend fits on a phone. A slice the server already named "Outras"/"Outros" joins that one, which always
 * comes last. Slices of zero are dropped.
 */
export function groupSmallSlices(data: ChartSlice[], otherLabel = "Outras"): ChartSlice[] {
  const isOther = (s: ChartSlice) => /^outr[ao]s$/i.test(s.name.trim()) || s.name === otherLabel;
  const named = data.filter((s) => s.value > 0 && !isOther(s)).sort((a, b) => b.value - a.value);
  let rest = data.filter((s) => s.value > 0 && isOther(s)).reduce((sum, s) => sum + s.value, 0);
  const room = rest > 0 || named.length > CHART_PALETTE.length ? CHART_PALETTE.length - 1 : CHART_PALETTE.length;
  rest += named.slice(room).reduce((sum, s) => sum + s.value, 0);
  const kept = named.slice(0, room);
  return rest > 0 ? [...kept, { name: otherLabel, value: rest }] : kept;
}

/**
 * A donut chart in a ChartCard, with a legend below; "Sem dados no período" when every slice is zero.
 * <PieChartCard title="Modelos por cidade" data={charts.by_city} />
 */
export function PieChartCard({ data, formatValue = formatCount, otherLabel, ...frame }: PieChartCardProps) {
  // Each slice carries its colour, which the legend reads too.
  const slices = groupSmallSlices(data, otherLabel).map((s, i) => ({ ...s, fill: getChartColor(i) }));
  const total = slices.reduce((sum, s) => sum + s.value, 0);
  return (
    <ChartCard
      {...frame}
      isEmpty={slices.length === 0}
      srTable={{
        headers: ["", "Valor", "%"],
        rows: slices.map((s) => [s.name, formatValue(s.value), `${Math.round((s.value / total) * 100)}%`]),
      }}
    >
      <PieChart accessibilityLayer={false}>
        <Pie
          data={slices}
          dataKey="value"
          nameKey="name"
          cy="44%"
          innerRadius="45%"
          outerRadius="72%"
          paddingAngle={slices.length > 1 ? 2 : 0}
          // The drawing is hidden from assistive technology (its rows are the screen readers' table): nothing in it
          // may take the keyboard focus (Recharts puts the pie in the tab order by default).
          rootTabIndex={-1}
          stroke="none"
          isAnimationActive={false}
          shape={(props) => <Sector {...props} fill={getChartColor(props.index)} />}
        />
        <Tooltip {...tooltipProps} formatter={(value) => formatValue(Number(value))} />
        <Legend
          {...legendProps}
          formatter={(value) => <span style={{ color: legendProps.wrapperStyle.color }}>{value}</span>}
        />
      </PieChart>
    </ChartCard>
  );
}
