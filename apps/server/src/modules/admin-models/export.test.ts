import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { addDays, formatDateBr, todayInSaoPaulo } from "../../lib/dates";
import { buildModel, buildPlan, CITIES } from "../../test/factories";
import { useTestContext, signedInAdmin } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
before(async () => {
  admin = await signedInAdmin(ctx);
});

/** Splits one CSV line of ours into cells (quoted cells may hold ';' and doubled quotes). */
function cellsOf(line: string): string[] {
  const cells: string[] = [];
  let i = 0;
  while (i <= line.length) {
    if (line[i] === '"') {
      let value = "";
      i += 1;
      while (i < line.length) {
        if (line[i] === '"' && line[i + 1] === '"') {
          value += '"';
          i += 2;
        } else if (line[i] === '"') {
          i += 1;
          break;
        } else value += line[i++];
      }
      cells.push(value);
      i += 1; // the separator
    } else {
      const end = line.indexOf(";", i);
      cells.push(line.slice(i, end === -1 ? line.length : end));
      i = end === -1 ? line.length + 1 : end + 1;
    }
  }
  return cells;
}

describe("GET /api/admin/models.csv", () => {
  test("an Excel-safe file of the current filters: BOM, ';', money 59,90, dates dd/mm/aaaa, no formulas", async () => {
    const tag = `csv${process.pid}`;
    const planId = await buildPlan(ctx.app, { name: "Plano CSV", priceCents: 5990 });
    const id = await buildModel(ctx.app, { name: `=Ana "Bia"; Souza ${tag}`, planId, whatsapp: "11912345678" });
    await buildModel(ctx.app, { name: `Outra ${tag}`, municipioId: CITIES.rio });

    const res = await ctx.as(admin).get(`/api/admin/models.csv?q=${tag}&state=SP`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers["content-type"], "text/csv; charset=utf-8");
    assert.equal(res.headers["content-disposition"], `attachment; filename="modelos-${todayInSaoPaulo()}.csv"`);
    const raw = res.rawPayload;
    assert.deepEqual([...raw.subarray(0, 3)], [0xef, 0xbb, 0xbf], "UTF-8 byte-order mark");

    const text = raw.subarray(3).toString("utf8");
    const lines = text.split("\r\n");
    assert.equal(lines.at(-1), "", "every line ends with CRLF");
    assert.equal(lines.length, 3, "header and the one model in SP matching the search");
    const header = cellsOf(lines[0]);
    assert.deepEqual(header.slice(0, 4), ["ID", "Nome", "Usuário", "E-mail"]);
    const row = Object.fromEntries(cellsOf(lines[1]).map((cell, i) => [header[i], cell]));
    assert.equal(row.ID, String(id));
    // The leading "=" is neutralised, the ";" and the quotes survive inside one quoted cell.
    assert.equal(row.Nome, `'=Ana "Bia"; Souza ${tag}`);
    assert.ok(lines[1].includes(`"'=Ana ""Bia""; Souza ${tag}"`));
    assert.equal(row.WhatsApp, "11912345678");
    assert.equal(row.Cidade, "São Paulo");
    assert.equal(row.Plano, "Plano CSV");
    assert.equal(row["Valor do plano"], "59,90");
    assert.equal(row.Vencimento, formatDateBr(addDays(todayInSaoPaulo(), 30)));
    assert.equal(row.Cadastro, formatDateBr(todayInSaoPaulo()));
    assert.equal(row.Ativa, "Sim");
    assert.equal(row.Pagamento, "Pagamento em Dia");
    assert.equal(header.length, cellsOf(lines[1]).length);
  });

  test("filters are validated like the list's", async () => {
    const res = await ctx.as(admin).get("/api/admin/models.csv?state=XYZ");
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().code, "VALIDATION_ERROR");
  });
});
