/**
 * CSV files for spreadsheets in pt-BR (Excel, LibreOffice): UTF-8 with a byte-order mark (without it Excel reads
 * the accents as Latin-1), `;` between cells (the comma is the decimal separator there) and CRLF line ends.
 */

const BOM = "\uFEFF";

/**
 * A spreadsheet runs a cell starting with one of these as a formula (CSV injection): such a text cell gets a
 * leading apostrophe, which spreadsheets show as text.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

/** One cell: empty for null, formulas neutralised, quoted when it holds `;`, a quote or a line break. */
export function csvCell(value: string | number | null): string {
  if (value === null) return "";
  let text = String(value);
  if (typeof value === "string" && FORMULA_START.test(text)) text = `'${text}`;
  return /[;"\r\n]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** The whole file: the byte-order mark, the header row and one line per row. */
export function toCsv(header: string[], rows: (string | number | null)[][]): string {
  return BOM + [header, ...rows].map((row) => row.map(csvCell).join(";")).join("\r\n") + "\r\n";
}
