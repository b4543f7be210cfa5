import assert from "node:assert/strict";
import { before, test } from "node:test";
import { useTestContext } from "../test/fixtures";
import { buildModel, buildPhoto, setSetting, updateModel } from "../test/factories";
import { createPageApi } from "./page-api";

const ctx = useTestContext();
let visibleId: number;
let hiddenId: number;

before(async () => {
  await setSetting(ctx.app, "site_name", "Vitrine Leitura");
  visibleId = await buildModel(ctx.app, { name: "Aurora Direta", description: "Olá." });
  await buildPhoto(ctx.app, visibleId);
  hiddenId = await buildModel(ctx.app, { name: "Clara Escondida" });
  await updateModel(ctx.app, hiddenId, { isActive: false });
});

test("the page's reads answer what the API routes answer: same status, same body", async () => {
  const pageApi = createPageApi(ctx.app);
  for (const url of [
    "/api/settings/public",
    "/api/cities/by-slug/sao-paulo-sp",
    "/api/cities/by-slug/Sao-Paulo-SP",
    "/api/cities/by-slug/nao-existe-xx",
    "/api/models/public?page=1&limit=20",
    "/api/models/public?city_id=3550308&page=1&limit=20",
    "/api/models/public?search=aurora&page=1&limit=20",
    "/api/models/public?page=0",
    "/api/categories?include_empty=1",
    `/api/models/public/${hiddenId}`,
    "/api/models/public/999999",
  ]) {
    const direct = await pageApi(url);
    const routed = await ctx.app.inject({ method: "GET", url });
    assert.equal(direct.status, routed.statusCode, url);
    assert.deepEqual(direct.body, routed.json(), url);
  }
  // A profile read by the page counts no view (the page handler counts it); the route's read does.
  const profile = await pageApi(`/api/models/public/${visibleId}`);
  assert.equal(profile.status, 200);
  const routed = (await ctx.app.inject({ method: "GET", url: `/api/models/public/${visibleId}` })).json();
  assert.deepEqual(profile.body, {
    ...routed,
    model: { ...routed.model, views_count: routed.model.views_count - 1 },
  });
});
