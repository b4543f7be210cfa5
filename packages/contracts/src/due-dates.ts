import { PERIOD_DAYS } from "./limits";

/**
 * Due dates are calendar days written "YYYY-MM-DD" (São Paulo days). Arithmetic on them is done on the date alone,
 * in UTC, so no time zone or summer time can shift a day; month ends, 29 February and year ends are handled by the
 * calendar.
 */

/** "2026-01-31" + 1 → "2026-02-01"; negative days go back. */
export function addDaysToDate(date: string, days: number): string {
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetweenDates(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000);
}

/** Days a plan period buys: weekly 7, monthly 30, yearly 365; any other or missing period counts as monthly. */
export function planPeriodDays(periodType: string | null | undefined): number {
  return periodType && Object.hasOwn(PERIOD_DAYS, periodType)
    ? PERIOD_DAYS[periodType as keyof typeof PERIOD_DAYS]
    : PERIOD_DAYS.monthly;
}

/**
 * The due date the new-payment form proposes: the period counted from the later of today and the model's current
 * next_due_date, so paying early adds to the time left and paying late starts from today (no paid day is lost).
 */
export function proposeDueDate(input: {
  today: string;
  nextDueDate: string | null | undefined;
  periodType: string | null | undefined;
}): string {
  const start = input.nextDueDate && input.nextDueDate > input.today ? input.nextDueDate : input.today;
  return addDaysToDate(start, planPeriodDays(input.periodType));
}
