import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { csvCell, toCsv } from "./csv";

describe("toCsv", () => {
  test("starts with the UTF-8 byte-order mark, separates cells with ; and ends lines with CRLF", () => {
    const file = toCsv(["Nome", "Valor"], [["Ana", "59,90"]]);
    assert.equal(file.charCodeAt(0), 0xfeff);
    assert.equal(file.slice(1), "Nome;Valor\r\nAna;59,90\r\n");
    assert.equal(Buffer.from(file, "utf8").subarray(0, 3).toString("hex"), "efbbbf");
  });

  test("a name with ;, quotes, a line break and a leading = stays one inert text cell", () => {
    const file = toCsv(["Cliente"], [['=HYPERLINK("http://x";"Ana; a "Bela"")\nlinha 2']]);
    assert.equal(file.slice(1), 'Cliente\r\n"\'=HYPERLINK(""http://x"";""Ana; a ""Bela"""")\nlinha 2"\r\n');
  });

  test("formula starts (= + - @ tab CR) get an apostrophe; numbers and plain text do not", () => {
    assert.equal(csvCell("=1+1"), "'=1+1");
    assert.equal(csvCell("+5511999990000"), "'+5511999990000");
    assert.equal(csvCell("-2"), "'-2");
    assert.equal(csvCell("@SUM(A1)"), "'@SUM(A1)");
    assert.equal(csvCell("\tx"), "'\tx");
    assert.equal(csvCell("\rx"), '"\'\rx"');
    assert.equal(csvCell(-2), "-2");
    assert.equal(csvCell(42), "42");
    assert.equal(csvCell("Ana = Bela"), "Ana = Bela");
    assert.equal(csvCell(null), "");
    assert.equal(csvCell('diz "oi"'), '"diz ""oi"""');
  });
});
