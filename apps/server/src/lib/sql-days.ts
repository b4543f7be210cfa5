import { and, type AnyColumn, gte, lt, type SQL, sql } from "drizzle-orm";
import { addDays, TIME_ZONE } from "./dates";

/**
 * São Paulo calendar days in SQL. Timestamps are stored with their time zone; a day of the statistics, the
 * dashboard's "today" and the orders' date filters is the calendar day in America/Sao_Paulo (the time-zone
 * database, not a fixed −3 h), so an order at 02:30 UTC on the 23rd belongs to the 22nd.
 */

/** The time zone as an SQL literal: a constant, so that a select and its GROUP BY stay the same expression. */
const ZONE = sql.raw(`'${TIME_ZONE}'`);

/** The São Paulo calendar day (a date) of a timestamp column. */
export function localDay(column: AnyColumn | SQL): SQL {
  return sql`(${column} at time zone ${ZONE})::date`;
}

/** The instant São Paulo's day `isoDate` ("YYYY-MM-DD") begins: compare timestamps with it to use their index. */
export function startOfLocalDay(isoDate: string): SQL {
  return sql`(${isoDate}::date::timestamp at time zone ${ZONE})`;
}

/**
 * Rows of São Paulo days `from` to `to` (inclusive; no end: up to now): compares the timestamp itself, so that
 * its index serves the query.
 */
export function withinLocalDays(column: AnyColumn, from: string, to?: string): SQL | undefined {
  return and(gte(column, startOfLocalDay(from)), to ? lt(column, startOfLocalDay(addDays(to, 1))) : undefined);
}

/** Daily series are drawn for at most the last year, even for the "Tudo" period. */
export const MAX_SERIES_DAYS = 365;

/** A period of `days` São Paulo days ending today: its first day, and the first day its daily series shows. */
export function periodOf(days: number, today: string): { from: string; seriesFrom: string; to: string } {
  return {
    from: addDays(today, 1 - days),
    seriesFrom: addDays(today, 1 - Math.min(days, MAX_SERIES_DAYS)),
    to: today,
  };
}

/**
 * A FROM source with one row per calendar day from `from` to `to` inclusive, column `series_day` (a timestamp at
 * midnight): left-join per-day counts on it so that days without rows appear as zeros.
 */
export function daySeries(from: string, to: string): SQL {
  return sql`generate_series(${from}::timestamp, ${to}::timestamp, interval '1 day') as series(series_day)`;
}

/** The day of a daySeries row, as "YYYY-MM-DD". */
export const SERIES_DAY = sql<string>`to_char(series.series_day, 'YYYY-MM-DD')`;
/** The day of a daySeries row as a date, to join per-day counts on. */
export const SERIES_DATE = sql`series.series_day::date`;
