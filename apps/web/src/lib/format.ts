const dateFormat = new Intl.DateTimeFormat("pt-BR", { timeZone: "America/Sao_Paulo" });

/** "2026-11-12" or an ISO timestamp → "12/11/2026"; date-only strings are not shifted by time zones. */
export function formatDate(value: string | null | undefined): string {
  if (!value) return "—";
  const dateOnly = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (dateOnly) return `${dateOnly[3]}/${dateOnly[2]}/${dateOnly[1]}`;
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "—" : dateFormat.format(date);
}

/** How the site writes a moment: São Paulo time, day/month/year and hour:minute (pt-BR). */
export const DATE_TIME_PARTS: Intl.DateTimeFormatOptions = {
  timeZone: "America/Sao_Paulo",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
};

const dateTimeFormat = new Intl.DateTimeFormat("pt-BR", DATE_TIME_PARTS);

/** An ISO timestamp → "12/11/2026, 14:05" in São Paulo time; missing or invalid → "—". */
export function formatDateTime(value: string | null | undefined): string {
  if (!value) return "—";
  const date = new Date(value);
  return Number.isNaN(date.getTime()) ? "—" : dateTimeFormat.format(date);
}
