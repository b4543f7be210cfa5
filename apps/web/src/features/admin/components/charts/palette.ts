/**
 * The charts' palette: 8 colours that repeat (series or slice n takes colour n mod 8). Gold, the site's accent,
 * comes first; every colour keeps at least 3:1 contrast against the dark card surface.
 */
export const CHART_PALETTE = [
  "#d9b46c", // gold (the accent)
  "#7fb8d9", // steel blue
  "#c98bb9", // mauve
  "#7dd3a8", // mint
  "#e58e6b", // terracotta
  "#a59be0", // lavender
  "#5fb5ad", // teal
  "#d96c8a", // rose
] as const;

/** The colour of series or slice `index` (the palette repeats after 8). */
export function getChartColor(index: number): string {
  const i = ((index % CHART_PALETTE.length) + CHART_PALETTE.length) % CHART_PALETTE.length;
  return CHART_PALETTE[i];
}

/**
 * Colours of the chart chrome. SVG attributes need literal colours, so these repeat the design tokens of
 * styles.css (ink-muted for tick labels, line for the grid, surface-2 and line-strong for the tooltip).
 */
export const CHART_CHROME = {
  tick: "#b9b2a7",
  grid: "#2c2833",
  cursor: "rgb(217 180 108 / 0.08)",
  tooltipBackground: "#1b1820",
  tooltipBorder: "#423c4b",
  text: "#f4f0e9",
} as const;
