/** Recharts-free constants of the chart kit (a page may import them without loading Recharts). */
export const CHART_EMPTY_TEXT = "Sem dados no período";

/** Plot heights: fixed, so a chart never changes the page's height while it loads or resizes. */
export const CHART_HEIGHT = { sm: 240, md: 300, lg: 360 } as const;
export type ChartHeight = keyof typeof CHART_HEIGHT;
