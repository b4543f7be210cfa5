import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { moderationCases } from "../../db/schema";
import { loginAdmin, makeVisible, registerModel } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/helper";
import { decide, report } from "./test-support";

describe("who may call the moderation routes", () => {
  let ctx: TestContext;
  let admin: string;
  let owner: { id: number; token: string };
  let other: { id: number; token: string };
  let caseId: number;
  before(async () => {
    ctx = await createTestContext();
    admin = await loginAdmin(ctx.app);
    owner = await registerModel(ctx.app);
    other = await registerModel(ctx.app);
    await makeVisible(ctx.app, owner.id);
    await report(ctx.app, "203.0.113.30", { model_id: owner.id, category: "scam" });
    [{ id: caseId }] = await ctx.app.db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(eq(moderationCases.modelId, owner.id));
  });
  after(() => ctx.close());

  const adminRoutes = () => [
    { method: "GET", url: "/api/admin/moderation/cases" },
    { method: "GET", url: `/api/admin/moderation/cases/${caseId}` },
    { method: "POST", url: `/api/admin/moderation/cases/${caseId}/decision`, body: { action: "archive", reason: "x" } },
    { method: "POST", url: `/api/admin/moderation/cases/${caseId}/appeal-decision`, body: { outcome: "upheld" } },
    { method: "GET", url: `/api/admin/moderation/cases/${caseId}/evidence` },
    { method: "GET", url: "/api/admin/moderation/stats" },
  ];
  const modelRoutes = () => [
    { method: "GET", url: "/api/models/moderation" },
    { method: "POST", url: `/api/models/moderation/cases/${caseId}/appeal`, body: { text: "recurso escrito" } },
  ];
  type Call = { method: string; url: string; body?: object };
  const send = (call: Call, token: string | null) =>
    ctx.app.inject({
      method: call.method as "GET" | "POST",
      url: call.url,
      payload: call.body,
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });

  it("every moderation route is in this matrix", () => {
    const listed = new Set(
      [...adminRoutes(), ...modelRoutes()].map((r) => `${r.method} ${r.url.replace(/\/\d+(?=\/|$)/, "/:id")}`),
    );
    listed.add("POST /api/reports");
    listed.add("POST /api/reports/");
    listed.add("POST /api/reports/notice");
    const registered = ctx.app.routeList
      .filter((r) => /^\/api\/(reports|admin\/moderation|models\/moderation)/.test(r.url) && r.method !== "HEAD")
      .map((r) => `${r.method} ${r.url}`);
    for (const route of registered) assert.ok(listed.has(route), `not in the matrix: ${route}`);
  });

  it("admin routes: no token 401, a model 403, the admin allowed", async () => {
    for (const call of adminRoutes()) {
      assert.equal((await send(call, null)).statusCode, 401, `${call.url} anonymous`);
      assert.equal((await send(call, owner.token)).statusCode, 403, `${call.url} model`);
      const res = await send(call, admin);
      assert.ok([200, 400, 409].includes(res.statusCode), `${call.url} admin: ${res.statusCode} ${res.body}`);
    }
  });

  it("model routes: no token 401, an admin 403; another model neither sees nor appeals her case", async () => {
    for (const call of modelRoutes()) {
      assert.equal((await send(call, null)).statusCode, 401, `${call.url} anonymous`);
      assert.equal((await send(call, admin)).statusCode, 403, `${call.url} admin`);
    }
    await decide(ctx.app, admin, caseId, { action: "hide_profile", reason: "Perfil falso." });
    assert.deepEqual((await send(modelRoutes()[0]!, other.token)).json().cases, []);
    assert.equal((await send(modelRoutes()[1]!, other.token)).statusCode, 404);
    assert.equal((await send(modelRoutes()[0]!, owner.token)).json().cases.length, 1);
    assert.equal((await send(modelRoutes()[1]!, owner.token)).statusCode, 200);
  });

  it("public routes: anyone, with or without a session", async () => {
    const body = { model_id: owner.id, category: "other" };
    for (const [i, token] of [null, other.token, admin].entries()) {
      const res = await ctx.app.inject({
        method: "POST",
        url: "/api/reports",
        payload: body,
        remoteAddress: `198.18.0.${i + 1}`,
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
      assert.equal(res.statusCode, 200, res.body);
    }
  });
});
