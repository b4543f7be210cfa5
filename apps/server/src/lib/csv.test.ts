// Needs no database: runs once, in the PostgreSQL half of the server tests (scripts/test.sh).
import assert from "node:assert/strict";
import { describe, test } from "node:test";
import {
  buildCsv,
  csvDownloadHeaders,
  csvFilename,
  formatCsvCell,
  formatCsvDate,
  formatCsvDateTime,
  formatCsvMoney,
} from "./csv";

describe("formatCsvCell", () => {
  test("plain text and numbers pass as they are; nothing is an empty cell", () => {
    assert.equal(formatCsvCell("Ana Souza"), "Ana Souza");
    assert.equal(formatCsvCell(42), "42");
    assert.equal(formatCsvCell(null), "");
    assert.equal(formatCsvCell(undefined), "");
  });

  test("a separator, a quote or a line break quotes the cell and doubles its quotes", () => {
    assert.equal(formatCsvCell("Ana; Bia"), '"Ana; Bia"');
    assert.equal(formatCsvCell('Ana "Bia" Souza'), '"Ana ""Bia"" Souza"');
    assert.equal(formatCsvCell("linha 1\nlinha 2"), '"linha 1\nlinha 2"');
  });

  test("text a spreadsheet would run as a formula starts with an apostrophe", () => {
    assert.equal(formatCsvCell("=1+1"), "'=1+1");
    assert.equal(formatCsvCell("+5511999990000"), "'+5511999990000");
    assert.equal(formatCsvCell("-2+3"), "'-2+3");
    assert.equal(formatCsvCell("@SUM(A1)"), "'@SUM(A1)");
    assert.equal(formatCsvCell("\t=1"), `"'\t=1"`);
    assert.equal(formatCsvCell("\r=1"), '"\'\r=1"');
    assert.equal(formatCsvCell('=HYPERLINK("http://x";"y")'), `"'=HYPERLINK(""http://x"";""y"")"`);
    // Only the first character counts.
    assert.equal(formatCsvCell("a=b"), "a=b");
  });
});

describe("formatCsvCell: separators other readers use, formulas behind leading blanks", () => {
  test('a comma, a tab, a CR or an LF quotes the cell, as ; and " do', () => {
    assert.equal(formatCsvCell("Ana, Bia"), '"Ana, Bia"');
    assert.equal(formatCsvCell("Ana\tBia"), '"Ana\tBia"');
    assert.equal(formatCsvCell("Ana\rBia"), '"Ana\rBia"');
    assert.equal(formatCsvCell("Ana\nBia"), '"Ana\nBia"');
  });

  test("a formula after leading spaces, separators or line breaks is neutralised too", () => {
    assert.equal(formatCsvCell(" =1+1"), "' =1+1");
    assert.equal(formatCsvCell("   @SUM(A1)"), "'   @SUM(A1)");
    assert.equal(formatCsvCell(";=1+1"), `"';=1+1"`);
    assert.equal(formatCsvCell(", -2+3"), `"', -2+3"`);
    assert.equal(formatCsvCell("\n+1"), `"'\n+1"`);
    assert.equal(formatCsvCell(" \t=1"), `"' \t=1"`);
    assert.equal(formatCsvCell("\u00a0=1"), "'\u00a0=1");
    // Text that merely contains those characters later stays as it is.
    assert.equal(formatCsvCell("Ana =1"), "Ana =1");
    assert.equal(formatCsvCell("  Ana"), "  Ana");
  });
});

describe("buildCsv", () => {
  test("starts with the byte-order mark, separates with ';' and ends every line with CRLF", () => {
    const csv = buildCsv(
      [
        { header: "Nome", value: (r: { name: string; cents: number }) => r.name },
        { header: "Valor", value: (r) => formatCsvMoney(r.cents) },
      ],
      [
        { name: "Ana", cents: 5990 },
        { name: "=Bia;Cris", cents: 100 },
      ],
    );
    assert.equal(csv, '\uFEFFNome;Valor\r\nAna;"59,90"\r\n"\'=Bia;Cris";"1,00"\r\n');
  });

  test("no rows: the header line alone", () => {
    assert.equal(buildCsv([{ header: "Nome", value: () => "x" }], []), "\uFEFFNome\r\n");
  });
});

describe("money, dates and file names", () => {
  test("cents become a comma amount with two decimals and no thousands separator", () => {
    assert.equal(formatCsvMoney(5990), "59,90");
    assert.equal(formatCsvMoney(5), "0,05");
    assert.equal(formatCsvMoney(123456789), "1234567,89");
    assert.equal(formatCsvMoney(0), "0,00");
    assert.equal(formatCsvMoney(null), "");
  });

  test("calendar dates and moments become dd/mm/aaaa, a moment by its São Paulo day", () => {
    assert.equal(formatCsvDate("2026-11-12"), "12/11/2026");
    assert.equal(formatCsvDate(new Date("2026-11-23T02:30:00Z")), "22/11/2026");
    assert.equal(formatCsvDate(null), "");
  });

  test("the file name carries the São Paulo date and the headers make it a download", () => {
    assert.equal(csvFilename("modelos", new Date("2026-11-23T02:30:00Z")), "modelos-2026-11-22.csv");
    const headers = csvDownloadHeaders("modelos-2026-11-22.csv");
    assert.equal(headers["Content-Type"], "text/csv; charset=utf-8");
    assert.equal(headers["Content-Disposition"], 'attachment; filename="modelos-2026-11-22.csv"');
  });
});

describe("buildCsv with hostile text", () => {
  test("a name with ;, quotes, a line break and a leading = stays one inert text cell", () => {
    const file = buildCsv(
      [{ header: "Cliente", value: (r: string) => r }],
      ['=HYPERLINK("http://x";"Ana; a "Bela"")\nlinha 2'],
    );
    assert.equal(file.slice(1), 'Cliente\r\n"\'=HYPERLINK(""http://x"";""Ana; a ""Bela"""")\nlinha 2"\r\n');
  });

  test("a moment is written as São Paulo's day and time", () => {
    assert.equal(formatCsvDateTime(new Date("2026-11-23T02:30:00Z")), "22/11/2026 23:30");
    assert.equal(formatCsvDateTime(null), "");
  });
});
