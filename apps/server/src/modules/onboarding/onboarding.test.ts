import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loginAdmin, registerModel, setSetting } from "../../test/factories";
import { createTestContext } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext();

const stepsOf = async (token: string) => {
  const res = await ctx.as(token).get("/api/admin/onboarding");
  assert.equal(res.statusCode, 200, res.body);
  return Object.fromEntries(res.json().steps.map((s: { id: string; done: boolean }) => [s.id, s.done]));
};

describe("GET /api/admin/onboarding", () => {
  test("no token 401, a model 403", async () => {
    assert.equal((await ctx.as(null).get("/api/admin/onboarding")).statusCode, 401);
    const { token } = await registerModel(ctx.app);
    assert.equal((await ctx.as(token).get("/api/admin/onboarding")).statusCode, 403);
  });

  test("each step is ticked from the data once it is done", async (t) => {
    const admin = await loginAdmin(ctx.app);
    // The model of the previous test exists; this one starts from the other four steps undone.
    t.diagnostic("a fresh site: nothing configured, the three starting plans untouched");
    assert.deepEqual(await stepsOf(admin), {
      site: false,
      contacts: false,
      pix: false,
      mercadopago: false,
      plans: false,
      model: true,
    });

    await setSetting(ctx.app, "site_url", "exemplo.com.br");
    assert.equal((await stepsOf(admin)).site, false, "an address without http(s) is not the public URL");
    await setSetting(ctx.app, "site_url", "https://www.exemplo.com.br/");
    assert.equal((await stepsOf(admin)).site, true);

    t.diagnostic("contacts: the support e-mail or phone, either one; an empty value is no contact");
    await setSetting(ctx.app, "support_phone", "");
    assert.equal((await stepsOf(admin)).contacts, false);
    await setSetting(ctx.app, "support_phone", "(11) 98765-4321");
    assert.equal((await stepsOf(admin)).contacts, true);
    await setSetting(ctx.app, "support_phone", "");
    await setSetting(ctx.app, "support_email", "suporte@exemplo.com.br");
    assert.equal((await stepsOf(admin)).contacts, true);

    await setSetting(ctx.app, "pix_email", "não é e-mail");
    assert.equal((await stepsOf(admin)).pix, false, "a key the charges cannot use does not count");
    await setSetting(ctx.app, "pix_email", "pix@exemplo.com.br");
    assert.equal((await stepsOf(admin)).pix, true);

    await setSetting(ctx.app, "mp_access_token_prod", "APP_USR-1");
    assert.equal((await stepsOf(admin)).mercadopago, false, "a token of the environment not in use does not count");
    await setSetting(ctx.app, "mp_access_token_test", "TEST-1");
    assert.equal((await stepsOf(admin)).mercadopago, true);

    const plans = (await ctx.as(admin).get("/api/admin/plans")).json().plans as { id: number }[];
    const off = await ctx.as(admin).patch(`/api/admin/plans/${plans[0].id}/status`, { active: false });
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual(await stepsOf(admin), {
      site: true,
      contacts: true,
      pix: true,
      mercadopago: true,
      plans: true,
      model: true,
    });
  });
});

test("PUBLIC_URL counts as the site's address", async () => {
  const withUrl = await createTestContext({ publicUrl: "https://vitrine.example" });
  try {
    const admin = await loginAdmin(withUrl.app);
    const res = await withUrl.as(admin).get("/api/admin/onboarding");
    assert.equal(res.json().steps[0].done, true);
  } finally {
    await withUrl.close();
  }
});

test("a site without models has the model step undone", async () => {
  const fresh = await createTestContext();
  try {
    assert.equal((await fresh.app.inject({ method: "GET", url: "/api/admin/onboarding" })).statusCode, 401);
    const admin = await loginAdmin(fresh.app);
    const res = await fresh.as(admin).get("/api/admin/onboarding");
    assert.deepEqual(
      res.json().steps.map((s: { id: string }) => s.id),
      ["site", "contacts", "pix", "mercadopago", "plans", "model"],
    );
    assert.equal(res.json().steps.at(-1).done, false);
    await registerModel(fresh.app);
    assert.equal((await fresh.as(admin).get("/api/admin/onboarding")).json().steps.at(-1).done, true);
  } finally {
    await fresh.close();
  }
});
