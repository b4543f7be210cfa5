import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { desc } from "drizzle-orm";
import { accessLogs } from "../../db/schema";
import { useTestContext } from "../../test/fixtures";
import { CITIES } from "../../test/factories";

const ctx = useTestContext();

const visit = (payload: object) =>
  ctx.app.inject({
    method: "POST",
    url: "/api/visits",
    payload,
    headers: { "user-agent": "Navegador/1.0", "x-forwarded-for": "203.0.113.9" },
  });

async function lastLog() {
  const [row] = await ctx.app.db.select().from(accessLogs).orderBy(desc(accessLogs.id)).limit(1);
  return row;
}

describe("POST /api/visits", () => {
  test("records the page and the city, and nothing about the visitor", async () => {
    const res = await visit({ page: "city", city_id: CITIES.campoGrandeRn });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true });
    const row = await lastLog();
    assert.equal(row.page, "city");
    assert.equal(row.municipioId, CITIES.campoGrandeRn);
    assert.equal(row.city, "Campo Grande - RN");
    assert.ok(Date.now() - row.createdAt.getTime() < 60_000);
    assert.deepEqual(Object.keys(row).sort(), ["city", "createdAt", "id", "municipioId", "page"]);
    assert.doesNotMatch(JSON.stringify(row), /203\.0\.113\.9|Navegador/);
  });

  test("a home visit has no city; an unknown city is recorded without one", async () => {
    await visit({ page: "home" });
    assert.deepEqual([(await lastLog()).page, (await lastLog()).city], ["home", null]);
    await visit({ page: "profile", city_id: 9999999 });
    const row = await lastLog();
    assert.deepEqual([row.page, row.municipioId, row.city], ["profile", null, null]);
  });

  test("rejects an unknown page kind or a bad city id", async () => {
    for (const payload of [{ page: "admin" }, {}, { page: "home", city_id: "abc" }, { page: "city", city_id: -1 }]) {
      const res = await visit(payload);
      assert.equal(res.statusCode, 400, JSON.stringify(payload));
      assert.equal(res.json().error, "Erro de validação");
    }
  });
});
