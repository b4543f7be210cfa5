import { PERIOD_DAYS } from "@vitrine/contracts";

export const TIME_ZONE = "America/Sao_Paulo";

const ymd = new Intl.DateTimeFormat("en-CA", {
  timeZone: TIME_ZONE,
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
});

let lastDay = { minute: NaN, day: "" };

/**
 * "Today" is the calendar date in America/Sao_Paulo, whatever the server's time zone, as YYYY-MM-DD. Formatted
 * once per minute (it is read on every profile view): the zone's offsets are whole minutes, so the date can
 * only change at the start of a minute.
 */
export function todayInSaoPaulo(now: Date = new Date()): string {
  const minute = Math.floor(now.getTime() / 60_000);
  if (minute !== lastDay.minute) lastDay = { minute, day: ymd.format(now) };
  return lastDay.day;
}

export function addDays(isoDate: string, days: number): string {
  const d = new Date(`${isoDate}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/**
 * Days a plan period adds to the due date: weekly 7, monthly 30, yearly 365; any other value counts as monthly.
 * Own keys only, so that a stored text such as "toString" is an unknown period too, not an inherited function.
 */
export function periodDays(period: string | null | undefined): number {
  return period && Object.hasOwn(PERIOD_DAYS, period)
    ? PERIOD_DAYS[period as keyof typeof PERIOD_DAYS]
    : PERIOD_DAYS.monthly;
}

/** "2026-11-12" → "12/11/2026" */
export function formatDateBr(isoDate: string): string {
  const [y, m, d] = isoDate.split("-");
  return `${d}/${m}/${y}`;
}

/**
 * Full years of someone born on `birthDate` on `today` (both YYYY-MM-DD): one more on each birthday. Born on
 * 29 February, the birthday of a common year is 1 March.
 */
export function ageOn(birthDate: string, today: string): number {
  const years = Number(today.slice(0, 4)) - Number(birthDate.slice(0, 4));
  return today.slice(5) < birthDate.slice(5) ? years - 1 : years;
}
