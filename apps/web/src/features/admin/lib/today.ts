const dayFormat = new Intl.DateTimeFormat("en-CA", {
  timeZone: "America/Sao_Paulo",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

/** Today's date in São Paulo, "YYYY-MM-DD" (the calendar due dates are counted in). Browser clock. */
export function getTodayInSaoPaulo(now: Date = new Date()): string {
  return dayFormat.format(now);
}
