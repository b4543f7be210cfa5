/**
 * "Disponível agora" as answered to anyone: her end instant (ISO) while it is after now, else null. Nothing has to
 * run for it to end: every answer compares the stored end with now (the end job only refreshes caches and tells
 * open pages).
 */
export function availableUntil(stored: Date | string | null, now: Date = new Date()): string | null {
  if (stored === null) return null;
  const end = new Date(stored);
  return end.getTime() > now.getTime() ? end.toISOString() : null;
}
