import { DATE_TIME_PARTS } from "@/lib/format";

const timeFormat = new Intl.DateTimeFormat("pt-BR", { ...DATE_TIME_PARTS, second: "2-digit" });

/** An ISO timestamp → "25/11/2026, 14:05:07" in São Paulo time (jobs run every minute: seconds matter). */
export function formatJobTime(value: string): string {
  return timeFormat.format(new Date(value));
}

/** 30_000 → "a cada 30 segundos", 60_000 → "a cada minuto", 300_000 → "a cada 5 minutos", 3_600_000 → "a cada hora". */
export function formatJobInterval(ms: number): string {
  const plural = (n: number, one: string, many: string) => (n === 1 ? `a cada ${one}` : `a cada ${n} ${many}`);
  if (ms % 3_600_000 === 0) return plural(ms / 3_600_000, "hora", "horas");
  if (ms % 60_000 === 0) return plural(ms / 60_000, "minuto", "minutos");
  return plural(Math.round(ms / 1000), "segundo", "segundos");
}

/** 850 → "850 ms", 12_300 → "12,3 s", 125_000 → "2 min 5 s". */
export function formatJobDuration(ms: number): string {
  if (ms < 1000) return `${ms} ms`;
  if (ms < 60_000) return `${(ms / 1000).toLocaleString("pt-BR", { maximumFractionDigits: 1 })} s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = Math.round((ms % 60_000) / 1000);
  return seconds ? `${minutes} min ${seconds} s` : `${minutes} min`;
}
