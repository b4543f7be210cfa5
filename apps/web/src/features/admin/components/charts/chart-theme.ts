import { CHART_CHROME } from "./palette";

/** Shared props of the axes, grid and tooltip, so every chart of the back-office looks the same. */
export const axisProps = {
  tick: { fill: CHART_CHROME.tick, fontSize: 12 },
  tickLine: false,
  axisLine: { stroke: CHART_CHROME.grid },
} as const;

export const gridProps = { stroke: CHART_CHROME.grid, strokeDasharray: "3 3" } as const;

export const tooltipProps = {
  cursor: { fill: CHART_CHROME.cursor, stroke: CHART_CHROME.grid },
  contentStyle: {
    background: CHART_CHROME.tooltipBackground,
    border: `1px solid ${CHART_CHROME.tooltipBorder}`,
    borderRadius: 12,
    color: CHART_CHROME.text,
    fontSize: 13,
    boxShadow: "0 12px 30px -12px rgb(0 0 0 / 0.7)",
  },
  labelStyle: { color: CHART_CHROME.text, fontWeight: 600, marginBottom: 4 },
  itemStyle: { color: CHART_CHROME.text, padding: 0 },
} as const;

/** Legend items keep the order of the series or slices (largest slice first), not alphabetical order. */
export const legendProps = {
  itemSorter: null,
  iconType: "circle",
  iconSize: 9,
  wrapperStyle: { fontSize: 12, color: CHART_CHROME.tick, paddingTop: 8 },
} as const;

const integer = new Intl.NumberFormat("pt-BR");

/** "1.234": counts on axes and in tooltips. */
export function formatCount(value: unknown): string {
  return typeof value === "number" ? integer.format(value) : String(value ?? "");
}

/** "2026-03-09" → "09/03" for a day axis (other text is left as it is). */
export function formatDayTick(value: unknown): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(String(value));
  return match ? `${match[2]}/${match[1]}` : String(value ?? "");
}

/** Shortens a long category label on an axis ("Fernanda Albuquerque" → "Fernanda Albuq…"). */
export function truncateLabel(value: unknown, max = 14): string {
  const text = String(value ?? "");
  return text.length > max ? `${text.slice(0, max - 1)}…` : text;
}
