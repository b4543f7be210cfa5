const brl = new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" });

/** 59.9 → "R$ 59,90" (amounts travel in reais, DOMAIN.md). */
export function formatBRL(amount: number | string | null | undefined): string {
  const value = typeof amount === "string" ? Number(amount) : (amount ?? 0);
  return brl.format(Number.isFinite(value) ? value : 0);
}

const dateFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" });

/** "2026-11-12" or an ISO timestamp → "12/11/2026"; date-only strings are not shifted by time zones. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "—" : dateFormat.format(date);
}
