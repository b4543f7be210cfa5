import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { useTestContext } from "../../test/fixtures";
import { loadReferenceData } from "../../db/reference-data";
import { loginAdmin, registerModel } from "../../test/factories";

const ctx = useTestContext();

const get = (url: string) => ctx.app.inject({ method: "GET", url });

describe("reference data", () => {
  test("27 estados, ordered by name, with IBGE ids", async () => {
    const res = await get("/api/cities/estados");
    assert.equal(res.statusCode, 200);
    const { estados } = res.json();
    assert.equal(estados.length, 27);
    assert.deepEqual(estados[0], { id: 12, nome: "Acre", uf: "AC" });
    assert.ok(estados.some((e: { id: number; uf: string }) => e.id === 35 && e.uf === "SP"));
  });

  test("São Paulo has 645 municipios, Minas 853, DF 1", async () => {
    assert.equal((await get("/api/cities/municipios/35")).json().municipios.length, 645);
    assert.equal((await get("/api/cities/municipios/31")).json().municipios.length, 853);
    assert.deepEqual((await get("/api/cities/municipios/53")).json().municipios, [{ id: 5300108, nome: "Brasília" }]);
  });

  test("unknown estado → 404, invalid id → 400 with details", async () => {
    assert.equal((await get("/api/cities/municipios/99")).statusCode, 404);
    const bad = await get("/api/cities/municipios/abc");
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().details[0].path, "estado_id");
  });

  test("loading reference data again changes nothing (idempotent)", async () => {
    await loadReferenceData(ctx.app.db);
    assert.equal((await get("/api/cities/municipios/35")).json().municipios.length, 645);
    assert.equal((await get("/api/cities/estados")).json().estados.length, 27);
  });

  test("categories: all with include_empty=1, only those with visible models otherwise", async () => {
    const all = (await get("/api/categories?include_empty=1")).json().categories;
    assert.ok(all.length >= 5);
    assert.equal(typeof all[0].name, "string");
    assert.deepEqual((await get("/api/categories")).json().categories, []);
  });
});

describe("public settings and plans", () => {
  test("settings carry exactly the public keys with the default disclaimer", async () => {
    const res = await get("/api/settings/public");
    assert.equal(res.statusCode, 200);
    const { settings } = res.json();
    assert.deepEqual(Object.keys(settings).sort(), [
      "footer_disclaimer",
      "site_description",
      "site_name",
      "support_email",
      "support_phone",
    ]);
    assert.match(settings.footer_disclaimer, /não intermedeia/);
    assert.match(settings.footer_disclaimer, /18 anos/);
  });

  test("three active plans, Mensal highlighted, prices in reais", async () => {
    const { plans } = (await get("/api/settings/public/plans")).json();
    assert.deepEqual(
      plans.map((p: { name: string; price: number; period_type: string; highlight: boolean }) => [
        p.name,
        p.price,
        p.period_type,
        p.highlight,
      ]),
      [
        ["Semanal", 29.9, "weekly", false],
        ["Mensal", 99.9, "monthly", true],
        ["Anual", 899, "yearly", false],
      ],
    );
  });
});

describe("routing", () => {
  test("health answers with the database kind", async () => {
    const res = await get("/api/health");
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().status, "ok");
  });

  test("unknown /api paths answer JSON 404", async () => {
    const res = await get("/api/nao-existe");
    assert.equal(res.statusCode, 404);
    assert.deepEqual(res.json(), { error: "Rota não encontrada", code: "NOT_FOUND" });
  });
});

describe("GET /api/admin/categories", () => {
  test("every category for an admin, none for anyone else", async () => {
    assert.equal((await ctx.as(null).get("/api/admin/categories")).statusCode, 401);
    const { token: modelToken } = await registerModel(ctx.app);
    assert.equal((await ctx.as(modelToken).get("/api/admin/categories")).statusCode, 403);
    const res = await ctx.as(await loginAdmin(ctx.app)).get("/api/admin/categories");
    assert.equal(res.statusCode, 200);
    const all = (await ctx.as(null).get("/api/categories?include_empty=1")).json().categories;
    assert.deepEqual(res.json().categories, all);
  });
});
