import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { AdminModel } from "@vitrine/contracts";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { expectAdminOnly } from "../../test/admin-support";
import { buildModel, buildPlan, CITIES, updateModel } from "../../test/factories";
import { expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin, registeredAdvertiser } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
let modelToken: string;
before(async () => {
  admin = await signedInAdmin(ctx);
  modelToken = (await registeredAdvertiser(ctx)).token;
});

const tokens = () => ({ model: modelToken, admin });
const dueIn = (days: number) => addDays(todayInSaoPaulo(), days);

describe("authorization: admins only", () => {
  test("every models route: no token 401, a model 403, an admin 2xx", async () => {
    const id = await buildModel(ctx.app);
    const planId = await buildPlan(ctx.app);
    await expectAdminOnly(ctx.as, tokens(), (c) => c.get("/api/admin/models"));
    await expectAdminOnly(ctx.as, tokens(), (c) => c.get("/api/admin/models/charts"));
    await expectAdminOnly(ctx.as, tokens(), (c) => c.get("/api/admin/models.csv"));
    await expectAdminOnly(ctx.as, tokens(), (c) => c.patch(`/api/admin/models/${id}/status`, { is_verified: true }));
    await expectAdminOnly(ctx.as, tokens(), (c) => c.patch(`/api/admin/models/${id}/plan`, { plan_id: planId }));
    let n = 0;
    await expectAdminOnly(
      ctx.as,
      tokens(),
      (c) => {
        n += 1;
        return c.post("/api/admin/models", {
          username: `cadastro${process.pid}x${n}`,
          name: "Cadastro Admin",
          email: `cadastro${process.pid}x${n}@example.com`,
          password: "senha-forte-123",
          age: 30,
          estado_id: 35,
          municipio_id: CITIES.saoPaulo,
          category_id: 1,
          whatsapp: "(11) 98888-7777",
        });
      },
      201,
    );
    await expectAdminOnly(ctx.as, tokens(), (c) => c.delete(`/api/admin/models/${id}`));
  });
});

describe("GET /api/admin/models", () => {
  const tag = `z${process.pid}`;
  let ids: Record<string, number>;
  before(async () => {
    ids = {
      joana: await buildModel(ctx.app, { name: `Joana Conceição ${tag}`, phone: "11955554444", categoryId: 2 }),
      rio: await buildModel(ctx.app, {
        name: `Carla ${tag}`,
        municipioId: CITIES.rio,
        whatsapp: "21977776666",
        email: `carla.${tag}@exemplo.com`,
      }),
      hidden: await buildModel(ctx.app, { name: `Débora ${tag}`, isActive: false, validDays: null }),
      percent: await buildModel(ctx.app, { name: `Cem ${tag} 100% real` }),
    };
    const gone = await buildModel(ctx.app, { name: `Apagada ${tag}` });
    await updateModel(ctx.app, gone, { deletedAt: new Date() });
  });

  const list = async (query: string) => {
    const res = await ctx.as(admin).get(`/api/admin/models?${query}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as { models: AdminModel[]; pagination: { page: number; pages: number; total: number } };
  };

  test("searches the name without accents or case, never lists a deleted model", async () => {
    const json = await list(`q=${encodeURIComponent(tag.toUpperCase())}&limit=50`);
    assert.deepEqual(json.models.map((m) => m.id).sort(), Object.values(ids).sort());
    assert.equal(json.pagination.total, 4);
    const folded = await list(`q=${encodeURIComponent(`joana conceicao ${tag}`)}`);
    assert.deepEqual(
      folded.models.map((m) => m.id),
      [ids.joana],
    );
    const accented = await list(`q=${encodeURIComponent(`DÉBORA ${tag}`)}`);
    assert.deepEqual(
      accented.models.map((m) => m.id),
      [ids.hidden],
    );
  });

  test("searches the e-mail, and phone and WhatsApp by their digits", async () => {
    assert.deepEqual(
      (await list(`q=${encodeURIComponent(`CARLA.${tag}@`)}`)).models.map((m) => m.id),
      [ids.rio],
    );
    assert.deepEqual(
      (await list(`q=${encodeURIComponent("(11) 95555-4444")}`)).models.map((m) => m.id),
      [ids.joana],
    );
    assert.deepEqual(
      (await list(`q=${encodeURIComponent("97777-6666")}`)).models.map((m) => m.id),
      [ids.rio],
    );
  });

  test("LIKE wildcards in the search are plain characters", async () => {
    assert.deepEqual(
      (await list(`q=${encodeURIComponent("100%")}`)).models.map((m) => m.id),
      [ids.percent],
    );
    assert.equal((await list(`q=${encodeURIComponent(`${tag}_`)}`)).models.length, 0);
  });

  test("filters by state, city and category; newest first; pages of 10, 20 or 50", async () => {
    const q = `q=${tag}`;
    assert.deepEqual(
      (await list(`${q}&state=rj`)).models.map((m) => m.id),
      [ids.rio],
    );
    assert.deepEqual(
      (await list(`${q}&city_id=${CITIES.rio}`)).models.map((m) => m.id),
      [ids.rio],
    );
    assert.deepEqual(
      (await list(`${q}&category_id=2`)).models.map((m) => m.id),
      [ids.joana],
    );
    const newest = await list(`${q}&limit=10`);
    assert.deepEqual(
      newest.models.map((m) => m.id),
      [ids.percent, ids.hidden, ids.rio, ids.joana],
    );
    expectValidationError(await ctx.as(admin).get("/api/admin/models?limit=15"), ["limit"]);
    expectValidationError(await ctx.as(admin).get("/api/admin/models?state=Sao"), ["state"]);
  });

  test("a row carries place, category, plan, due date, payment status and visibility", async () => {
    const [row] = (await list(`q=${encodeURIComponent(`Carla ${tag}`)}`)).models;
    assert.equal(row.city_name, "Rio de Janeiro");
    assert.equal(row.state, "RJ");
    assert.equal(row.whatsapp, "21977776666");
    assert.equal(row.payment_status, "paid");
    assert.equal(row.is_visible, true);
    assert.equal(row.next_due_date, dueIn(30));
    const [hidden] = (await list(`q=${encodeURIComponent(`Débora ${tag}`)}`)).models;
    assert.equal(hidden.payment_status, "no_payment");
    assert.equal(hidden.is_visible, false);
    assert.equal(hidden.is_active, false);
  });
});

describe("GET /api/admin/models/charts", () => {
  test("counts every non-deleted model: top views, cities, categories, registrations per day", async () => {
    const star = await buildModel(ctx.app, { name: "Estrela", viewsCount: 9_999_999, categoryId: 3 });
    const gone = await buildModel(ctx.app, { name: "Sumida", viewsCount: 99_999_999 });
    await updateModel(ctx.app, gone, { deletedAt: new Date() });
    const res = await ctx.as(admin).get("/api/admin/models/charts");
    assert.equal(res.statusCode, 200, res.body);
    const charts = res.json();
    assert.deepEqual(charts.top_views[0], { id: star, name: "Estrela", views: 9_999_999 });
    assert.ok(charts.top_views.length <= 10);
    const cityTotal = charts.by_city.reduce((s: number, c: { value: number }) => s + c.value, 0);
    const categoryTotal = charts.by_category.reduce((s: number, c: { value: number }) => s + c.value, 0);
    const listed = (await ctx.as(admin).get("/api/admin/models?limit=10")).json().pagination.total;
    assert.equal(cityTotal, listed);
    assert.equal(categoryTotal, listed);
    assert.ok(charts.by_city.some((c: { name: string }) => c.name === "São Paulo - SP"));
    assert.equal(charts.registrations.length, 90);
    const todayRow = charts.registrations.at(-1);
    assert.equal(todayRow.date, todayInSaoPaulo());
    assert.equal(todayRow.count, listed);
    assert.equal(charts.registrations[0].count, 0);
  });
});
