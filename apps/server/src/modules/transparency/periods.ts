import {
  isTransparencyPeriodAvailable,
  parseTransparencyPeriod,
  quarterOfDay,
  TRANSPARENCY_PERIOD_INVALID,
  TRANSPARENCY_PERIOD_OUT_OF_RANGE,
  transparencyPeriodDays,
  transparencyPeriodKey,
  transparencyPeriodLabel,
  type TransparencyPeriod,
} from "@vitrine/contracts";
import { badRequest } from "../../lib/app-error";
import { addDays, TIME_ZONE, todayInSaoPaulo } from "../../lib/dates";

/** A report's period with its instants: rows count when `start <= at < end`. */
export type ReportRange = {
  period: TransparencyPeriod;
  key: string;
  label: string;
  /** First São Paulo day and last one (inclusive). */
  from: string;
  to: string;
  start: Date;
  end: Date;
  /** Whether the period was over on the São Paulo day the report was asked for. */
  complete: boolean;
};

const offsetFormat = new Intl.DateTimeFormat("en-US", { timeZone: TIME_ZONE, timeZoneName: "longOffset" });

/** Minutes São Paulo is ahead of UTC at `at` (−180 for UTC−3). */
function saoPauloOffsetMinutes(at: Date): number {
  const name = offsetFormat.formatToParts(at).find((p) => p.type === "timeZoneName")?.value ?? "GMT";
  const match = /GMT([+-])(\d{2}):(\d{2})/.exec(name);
  if (!match) return 0;
  const minutes = Number(match[2]) * 60 + Number(match[3]);
  return match[1] === "-" ? -minutes : minutes;
}

/** The instant a São Paulo day (YYYY-MM-DD) begins, whatever offset the zone had that day. */
export function saoPauloMidnight(day: string): Date {
  const utcMidnight = Date.parse(`${day}T00:00:00Z`);
  let at = utcMidnight - saoPauloOffsetMinutes(new Date(utcMidnight)) * 60_000;
  // Had the offset changed between the guess and the local midnight, the offset at the result is the right one.
  const offset = saoPauloOffsetMinutes(new Date(at));
  at = utcMidnight - offset * 60_000;
  return new Date(at);
}

/**
 * The period `?periodo=` names (default: the São Paulo quarter of `now`): a 400 with a Portuguese message for
 * text that names no period, or a period before the first year or not yet begun.
 */
export function resolveReportRange(text: string | undefined, now: Date = new Date()): ReportRange {
  const today = todayInSaoPaulo(now);
  const period = text === undefined || text === "" ? quarterOfDay(today) : parseTransparencyPeriod(text);
  if (!period) throw badRequest(TRANSPARENCY_PERIOD_INVALID);
  if (!isTransparencyPeriodAvailable(period, today)) throw badRequest(TRANSPARENCY_PERIOD_OUT_OF_RANGE);
  const { from, until } = transparencyPeriodDays(period);
  return {
    period,
    key: transparencyPeriodKey(period),
    label: transparencyPeriodLabel(period),
    from,
    to: addDays(until, -1),
    start: saoPauloMidnight(from),
    end: saoPauloMidnight(until),
    complete: until <= today,
  };
}
