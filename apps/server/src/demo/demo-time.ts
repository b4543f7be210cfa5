import { TIME_ZONE } from "../lib/dates";

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, timeZoneName: "longOffset" });

/** São Paulo's offset from UTC on a day, in minutes (−180 today), read from the time-zone database. */
function offsetMinutes(isoDate: string): number {
  const name = offsetFormat.formatToParts(new Date(`${isoDate}T12:00:00Z`)).find((p) => p.type === "timeZoneName");
  const match = /GMT([+-])(\d\d):(\d\d)/.exec(name?.value ?? "");
  return match ? (match[1] === "-" ? -1 : 1) * (Number(match[2]) * 60 + Number(match[3])) : 0;
}

/** The moment `minuteOfDay` minutes after midnight of São Paulo's day `isoDate`. */
export function saoPauloMoment(isoDate: string, minuteOfDay: number): Date {
  return new Date(Date.parse(`${isoDate}T00:00:00Z`) + (minuteOfDay - offsetMinutes(isoDate)) * 60_000);
}

/** Whole days from `from` to `to` ("YYYY-MM-DD"). */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Activity per weekday, Sunday first: the site is busiest on Friday and Saturday nights. */
export const WEEKDAY_RHYTHM = [1.1, 0.8, 0.85, 0.9, 1.0, 1.25, 1.4];

export function weekdayOf(isoDate: string): number {
  return new Date(`${isoDate}T12:00:00Z`).getUTCDay();
}
