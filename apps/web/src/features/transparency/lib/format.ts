const integer = new Intl.NumberFormat("pt-BR");
const oneDecimal = new Intl.NumberFormat("pt-BR", { maximumFractionDigits: 1 });

/** A count in pt-BR ("12.345"). */
export const formatCount = (n: number) => integer.format(n);

/** A duration given in hours, as a person reads it: "45 min", "5,5 h", "3,2 dias"; "—" without a value. */
export function formatHours(hours: number | null): string {
  if (hours === null) return "—";
  if (hours < 1) return `${integer.format(Math.max(1, Math.round(hours * 60)))} min`;
  if (hours < 72) return `${oneDecimal.format(hours)} h`;
  return `${oneDecimal.format(hours / 24)} dias`;
}

/** "2026-10-01" → "01/10/2026". */
export function formatDay(day: string): string {
  const [y, m, d] = day.split("-");
  return `${d}/${m}/${y}`;
}
