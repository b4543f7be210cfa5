import { formatDateBr, TIME_ZONE, todayInSaoPaulo } from "./dates";

/**
 * CSV files for the back-office exports, shaped for Excel in pt-BR: UTF-8 with a byte-order mark (without it
 * Excel reads the file as Windows-1252 and breaks every accent), ";" between cells (the comma is the decimal
 * separator there), CRLF line ends, money as "59,90" and dates as "dd/mm/aaaa".
 */

const BOM = "\uFEFF";
const SEPARATOR = ";";
const LINE_END = "\r\n";

/** What a cell may hold: text, a number, or nothing (an empty cell). */
export type CsvValue = string | number | null | undefined;

/** One column of an export: its header and how a row fills it. */
export type CsvColumn<T> = { header: string; value: (row: T) => CsvValue };

/**
 * Text a spreadsheet would read as a formula: = + - @ first, also behind leading blanks, line breaks or cell
 * separators (a spreadsheet trims or splits those away), or a tab or a carriage return first (which hide one).
 */
const FORMULA_START = /^(?:[\t\r]|[\s;,]*[=+\-@])/;

/** Characters that split or break a cell in some reader: both separators (";" and ","), quote, tab, CR, LF. */
const NEEDS_QUOTES = /[;,"\t\r\n]/;

/**
 * One cell, safe to open: text a spreadsheet would read as a formula gets a leading "'" so that Excel and
 * LibreOffice show it as text and never run it ("=HYPERLINK(…)" stays a string); a cell holding a separator, a
 * quote, a tab or a line break is quoted, its quotes doubled.
 */
export function formatCsvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  let text = typeof value === "number" ? String(value) : value;
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: byte-order mark, the header line, then one line per row (every line ends with CRLF). */
export function buildCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[]): string {
  const line = (cells: CsvValue[]) => cells.map(formatCsvCell).join(SEPARATOR) + LINE_END;
  return BOM + line(columns.map((c) => c.header)) + rows.map((row) => line(columns.map((c) => c.value(row)))).join("");
}

/** Integer cents → "59,90" (no currency sign, no thousands separator: Excel in pt-BR reads it as a number). */
export function formatCsvMoney(cents: number | null | undefined): string {
  if (cents === null || cents === undefined) return "";
  const sign = cents < 0 ? "-" : "";
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, "0")}`;
}

/**
 * A date → "dd/mm/aaaa". A calendar date ("2026-11-12") is written as it is; a moment (a Date) is written as its
 * São Paulo day, so a row created at 23:30 in São Paulo is not dated the next day.
 */
export function formatCsvDate(value: Date | string | null | undefined): string {
  if (value === null || value === undefined) return "";
  return formatDateBr(typeof value === "string" ? value.slice(0, 10) : todayInSaoPaulo(value));
}

const DATE_TIME = new Intl.DateTimeFormat("pt-BR", {
  timeZone: TIME_ZONE,
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** A moment as São Paulo's "dd/mm/aaaa HH:mm" (02:30 UTC on the 23rd is "22/11/2026 23:30"). */
export function formatCsvDateTime(at: Date | null | undefined): string {
  if (!at) return "";
  const part = Object.fromEntries(DATE_TIME.formatToParts(at).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** "modelos" → "modelos-2026-11-22.csv", dated by today in São Paulo. */
export function csvFilename(base: string, now: Date = new Date()): string {
  return `${base}-${todayInSaoPaulo(now)}.csv`;
}

/** Response headers of a CSV download (the file name is ours: ASCII letters, digits and hyphens only). */
export function csvDownloadHeaders(filename: string): Record<string, string> {
  return {
    "Content-Type": "text/csv; charset=utf-8",
    "Content-Disposition": `attachment; filename="${filename}"`,
  };
}
