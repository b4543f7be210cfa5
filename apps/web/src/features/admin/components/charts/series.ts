/** A numeric field of the rows drawn as one series, with its Portuguese label (legend, tooltip, screen readers). */
export type ChartSeries<T> = { key: keyof T & string; label: string };

/** A row's value in a series; missing or non-numeric counts as zero. */
export function seriesValue<T extends object>(row: T, key: keyof T): number {
  return Number(row[key]) || 0;
}

/** True when there is nothing to draw: no rows, or every series is zero on every row. */
export function allSeriesZero<T extends object>(data: T[], series: ChartSeries<T>[]): boolean {
  return data.every((row) => series.every((s) => seriesValue(row, s.key) === 0));
}

/**
 * The rows read to screen readers in place of the drawing: the row's label, then each series' formatted value.
 * `skipZeroRows` leaves out the rows where every series is zero (the quiet days of a day chart).
 */
export function seriesTable<T extends object>(
  data: T[],
  series: ChartSeries<T>[],
  labelOf: (row: T) => string,
  formatValue: (value: number) => string,
  skipZeroRows = false,
): { headers: string[]; rows: string[][] } {
  return {
    headers: ["", ...series.map((s) => s.label)],
    rows: data
      .filter((row) => !skipZeroRows || !allSeriesZero([row], series))
      .map((row) => [labelOf(row), ...series.map((s) => formatValue(seriesValue(row, s.key)))]),
  };
}
