import type { AnalyticsDay } from "@vitrine/contracts";
import { useId } from "react";
import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from "recharts";
import { Card } from "@/components/ui";
import { formatDayMonth, formatNumber } from "./analytics-format";

/**
 * Her analytics charts (loaded with the Estatísticas page only: Recharts never reaches the public pages). Each chart
 * is drawn for the eye and repeated as a table for screen readers and for whoever prefers the numbers ("Ver
 * tabela"). Colours repeat the design tokens of styles.css (SVG attributes need literal colours).
 */
const COLORS = { gold: "#d9b46c", blue: "#7fb8d9", mauve: "#c98bb9", mint: "#7dd3a8", median: "#b9b2a7" };
const CHROME = { tick: "#b9b2a7", grid: "#2c2833", tooltip: "#1b1820", tooltipBorder: "#3a3542", text: "#f3efe8" };

type Series = {
  key: string;
  label: string;
  color: string;
  kind: "line" | "bar" | "median";
  value: (day: AnalyticsDay) => number | null;
};

function DayChart({
  title,
  description,
  days,
  series,
}: {
  title: string;
  description: string;
  days: AnalyticsDay[];
  series: Series[];
}) {
  const tableId = useId();
  const rows = days.map((day) => ({
    day: day.day,
    ...Object.fromEntries(series.map((s) => [s.key, s.value(day)])),
  }));
  return (
    <Card title={title} description={description}>
      <div
        className="mt-4 h-64 sm:h-72"
        role="img"
        aria-label={`${title}: gráfico (os números estão na tabela abaixo)`}
      >
        <ResponsiveContainer width="100%" height="100%">
          <ComposedChart data={rows} margin={{ top: 8, right: 8, bottom: 0, left: -16 }} accessibilityLayer={false}>
            <CartesianGrid stroke={CHROME.grid} strokeDasharray="3 3" vertical={false} />
            <XAxis
              dataKey="day"
              tickFormatter={formatDayMonth}
              tick={{ fill: CHROME.tick, fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: CHROME.grid }}
              minTickGap={20}
            />
            <YAxis
              allowDecimals={false}
              tick={{ fill: CHROME.tick, fontSize: 12 }}
              tickLine={false}
              axisLine={{ stroke: CHROME.grid }}
            />
            <Tooltip
              labelFormatter={(label) => formatDayMonth(label)}
              formatter={(value) => formatNumber(Number(value))}
              contentStyle={{
                background: CHROME.tooltip,
                border: `1px solid ${CHROME.tooltipBorder}`,
                borderRadius: 12,
                color: CHROME.text,
                fontSize: 13,
              }}
              labelStyle={{ color: CHROME.text, fontWeight: 600 }}
              itemStyle={{ padding: 0 }}
              cursor={{ fill: "rgb(217 180 108 / 0.08)" }}
            />
            <Legend iconType="circle" iconSize={9} wrapperStyle={{ fontSize: 12, color: CHROME.tick, paddingTop: 8 }} />
            {series.map((s) =>
              s.kind === "bar" ? (
                <Bar
                  key={s.key}
                  dataKey={s.key}
                  name={s.label}
                  stackId="bars"
                  fill={s.color}
                  isAnimationActive={false}
                />
              ) : (
                <Line
                  key={s.key}
                  type="monotone"
                  dataKey={s.key}
                  name={s.label}
                  stroke={s.color}
                  strokeWidth={2}
                  strokeDasharray={s.kind === "median" ? "6 4" : undefined}
                  dot={false}
                  isAnimationActive={false}
                />
              ),
            )}
          </ComposedChart>
        </ResponsiveContainer>
      </div>
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer text-accent">Ver tabela</summary>
        <div className="mt-2 overflow-x-auto" id={tableId}>
          <table className="w-full min-w-[420px] border-collapse text-left">
            <caption className="sr-only">{title}, por dia</caption>
            <thead>
              <tr className="border-b border-line text-ink-subtle">
                <th scope="col" className="py-1.5 pr-3 font-medium">
                  Dia
                </th>
                {series.map((s) => (
                  <th key={s.key} scope="col" className="py-1.5 pr-3 text-right font-medium">
                    {s.label}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {days.map((day) => (
                <tr key={day.day} className="border-b border-line/60">
                  <th scope="row" className="py-1.5 pr-3 font-normal text-ink-muted">
                    {formatDayMonth(day.day)}
                  </th>
                  {series.map((s) => {
                    const value = s.value(day);
                    return (
                      <td key={s.key} className="py-1.5 pr-3 text-right text-ink tabular-nums">
                        {value === null ? "—" : formatNumber(value)}
                      </td>
                    );
                  })}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </Card>
  );
}

/** Her card and profile per day, with her city's median of card impressions when the city is compared. */
export function VisibilityChart({ days, compared }: { days: AnalyticsDay[]; compared: boolean }) {
  const series: Series[] = [
    { key: "impressions", label: "Card exibido", color: COLORS.gold, kind: "line", value: (d) => d.card_impressions },
    { key: "clicks", label: "Cliques no card", color: COLORS.blue, kind: "line", value: (d) => d.card_clicks },
    {
      key: "views",
      label: "Visualizações do perfil",
      color: COLORS.mauve,
      kind: "line",
      value: (d) => d.profile_views,
    },
  ];
  if (compared) {
    series.push({
      key: "median",
      label: "Mediana da cidade (card exibido)",
      color: COLORS.median,
      kind: "median",
      value: (d) => d.city_median?.card_impressions ?? null,
    });
  }
  return (
    <DayChart
      title="Card e perfil por dia"
      description="Quantas vezes seu card apareceu nas listas, quantas vezes foi clicado e as visitas ao seu perfil."
      days={days}
      series={series}
    />
  );
}

/** Her contact clicks per channel per day (stacked), with her city's median of contacts when compared. */
export function ContactsChart({ days, compared }: { days: AnalyticsDay[]; compared: boolean }) {
  const series: Series[] = [
    { key: "whatsapp", label: "WhatsApp", color: COLORS.mint, kind: "bar", value: (d) => d.contact_whatsapp },
    { key: "phone", label: "Telefone", color: COLORS.blue, kind: "bar", value: (d) => d.contact_phone },
    { key: "instagram", label: "Instagram", color: COLORS.mauve, kind: "bar", value: (d) => d.contact_instagram },
  ];
  if (compared) {
    series.push({
      key: "median",
      label: "Mediana da cidade (contatos)",
      color: COLORS.median,
      kind: "median",
      value: (d) => d.city_median?.contacts ?? null,
    });
  }
  return (
    <DayChart
      title="Contatos por canal"
      description="Cliques nos botões de contato do seu perfil, por canal, uma vez por visitante por dia."
      days={days}
      series={series}
    />
  );
}
