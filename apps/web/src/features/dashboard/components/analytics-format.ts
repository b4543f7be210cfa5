const integer = new Intl.NumberFormat("pt-BR");
const decimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });
const percent = new Intl.NumberFormat("pt-BR", { style: "percent", maximumFractionDigits: 1 });

/** "1.234"; a median may be fractional ("2,5"). */
export function formatNumber(value: number): string {
  return Number.isInteger(value) ? integer.format(value) : decimal.format(value);
}

/** "12,5%", or "—" without impressions. */
export function formatRate(rate: number | null): string {
  return rate === null ? "—" : percent.format(rate);
}

/** "2026-03-09" → "09/03". */
export function formatDayMonth(value: unknown): string {
  const match = /^\d{4}-(\d{2})-(\d{2})$/.exec(String(value));
  return match ? `${match[2]}/${match[1]}` : String(value ?? "");
}
