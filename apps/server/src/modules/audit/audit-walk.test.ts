import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { count, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { auditLog, moderationCases, passkeys, settings, twoFactorSecrets } from "../../db/schema";
import { type FakeMercadoPago, startFakeMercadoPago } from "../../fake-mercadopago/fake-mercadopago";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import {
  buildModel,
  buildOrder,
  buildPayment,
  buildPlan,
  buildRegistration,
  loginAdmin,
  makeVisible,
  registerModel,
  setSetting,
} from "../../test/factories";
import { TEST_ADMIN } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { assertPasskey, createPasskey, type PasskeyOptions, type SoftPasskey } from "../../test/passkey-authenticator";
import { phoneSecret, rememberSecret, totpCode } from "../../test/two-factor";
import { boostAwaitingReview, productOf } from "../boosts/test-support";
import { decide, report } from "../moderation/test-support";
import { pendingOf, sendVerification } from "../verification/test-support";

let fake: FakeMercadoPago;
let token: string;
before(async () => {
  fake = await startFakeMercadoPago();
});
const ctx = useTestContext(() => ({ mercadoPagoApiUrl: fake.url }));
before(async () => {
  token = await signedInAdmin(ctx);
  await setSetting(ctx.app, "pix_random", "123e4567-e89b-12d3-a456-426614174000");
  await setSetting(ctx.app, "mp_access_token_test", "TEST-fake-token");
});
after(async () => {
  await fake.close();
});

let reporterIp = 10;
/** A visible model reported once (a "Golpe" report opens her case): the case's id and the model. */
async function reportedCase(): Promise<{ caseId: number; model: { id: number; token: string } }> {
  const model = await registerModel(ctx.app);
  await makeVisible(ctx.app, model.id);
  await report(ctx.app, `203.0.113.${reporterIp++}`, { model_id: model.id, category: "scam" });
  const [{ id }] = await ctx.app.db
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(eq(moderationCases.modelId, model.id));
  return { caseId: id, model };
}

/** A trusted notifier the admin registered (decision 061): its id. */
async function trustedNotifier(): Promise<number> {
  const res = await ctx.as(token).post("/api/admin/trusted-notifiers", {
    name: "Conselho Tutelar",
    kind: "conselho_tutelar",
    email: `conselho-${reporterIp++}@org.example`,
  });
  if (res.statusCode !== 201) throw new Error(`notifier: ${res.statusCode} ${res.body}`);
  return res.json().notifier.id;
}

/** A model whose document and selfie await review: the pending verification's id. */
async function pendingVerification(): Promise<{ id: number; modelId: number }> {
  const model = await registerModel(ctx.app);
  const sent = await sendVerification(ctx.app, model.token);
  if (sent.statusCode !== 201) throw new Error(`verification: ${sent.statusCode} ${sent.body}`);
  return { id: (await pendingOf(ctx.app, model.id)).id, modelId: model.id };
}

/** A passkey the walk's admin adds through the routes: the test's authenticator holds its key. */
async function walkPasskey(): Promise<SoftPasskey> {
  const options = (await ctx.as(token).post("/api/admin/passkeys/options")).json() as { options: PasskeyOptions };
  const { passkey, response } = createPasskey(options.options, "http://localhost");
  const added = await ctx.as(token).post("/api/admin/passkeys", { name: "Chave da prova", response });
  if (added.statusCode !== 201) throw new Error(`passkey: ${added.statusCode} ${added.body}`);
  return passkey;
}

/** The walk's admin's phone: its current code, as if a new 30-second step had begun (a code is usable once). */
async function adminCode() {
  await ctx.app.db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: null })
    .where(eq(twoFactorSecrets.accountKind, "admin"));
  return totpCode(phoneSecret(ctx.app, "admin", Number(decodeJwt(token).sub))!);
}
/** The authenticator app the walk's "replace" began, confirmed by its "confirm". */
let newAppSecret: string | null = null;

const MUTATING = new Set(["POST", "PUT", "PATCH", "DELETE"]);
/** Admin routes that change data although they are reads by method: issuing a direct-login token. */
const MUTATING_GETS = new Set(["GET /api/admin/direct-login-token/:modelId"]);
const isAdminRoute = (url: string) => url.startsWith("/api/admin/") || url.startsWith("/api/payments/admin/");

type Call = () => Promise<{ statusCode: number; body: string }>;

/**
 * One valid request per mutating admin route, each on its own fresh rows. A new admin route that changes data
 * must be added here: the walk fails on a route it does not know.
 */
const scenarios: Record<string, () => Promise<Call>> = {
  "POST /api/admin/models": async () => () =>
    ctx.as(token).post("/api/admin/models", { ...buildRegistration(), whatsapp: "11987654321" }),
  "PATCH /api/admin/models/:id/status": async () => {
    const id = await buildModel(ctx.app);
    return () => ctx.as(token).patch(`/api/admin/models/${id}/status`, { is_verified: true });
  },
  "PATCH /api/admin/models/:id/plan": async () => {
    const [id, planId] = [await buildModel(ctx.app), await buildPlan(ctx.app)];
    return () => ctx.as(token).patch(`/api/admin/models/${id}/plan`, { plan_id: planId });
  },
  "DELETE /api/admin/models/:id": async () => {
    const id = await buildModel(ctx.app);
    return () => ctx.as(token).delete(`/api/admin/models/${id}`);
  },
  "POST /api/admin/models/:id/payments": async () => {
    const id = await buildModel(ctx.app);
    const due = addDays(todayInSaoPaulo(), 60);
    return () =>
      ctx.as(token).post(`/api/admin/models/${id}/payments`, { amount: "59,90", method: "cash", due_date: due });
  },
  "PATCH /api/admin/model-payments/:id/status": async () => {
    const modelId = await buildModel(ctx.app);
    const id = await buildPayment(ctx.app, {
      modelId,
      status: "pending",
      paidAt: null,
      dueDate: addDays(todayInSaoPaulo(), 40),
    });
    return () => ctx.as(token).patch(`/api/admin/model-payments/${id}/status`, { status: "paid" });
  },
  "DELETE /api/admin/model-payments/:id": async () => {
    const modelId = await buildModel(ctx.app);
    const id = await buildPayment(ctx.app, { modelId, status: "pending", paidAt: null });
    return () => ctx.as(token).delete(`/api/admin/model-payments/${id}`);
  },
  "GET /api/admin/direct-login-token/:modelId": async () => {
    const id = await buildModel(ctx.app);
    return () => ctx.as(token).get(`/api/admin/direct-login-token/${id}`);
  },
  "PATCH /api/admin/orders/:id/status": async () => {
    const id = await buildOrder(ctx.app);
    return () => ctx.as(token).patch(`/api/admin/orders/${id}/status`, { status: "paid" });
  },
  "POST /api/admin/plans": async () => () =>
    ctx.as(token).post("/api/admin/plans", { name: "Quinzenal", price: "49,90" }),
  "PUT /api/admin/plans/:id": async () => {
    const id = await buildPlan(ctx.app);
    return () => ctx.as(token).put(`/api/admin/plans/${id}`, { name: "Outro nome", price: 70 });
  },
  "PATCH /api/admin/plans/:id/status": async () => {
    const id = await buildPlan(ctx.app);
    return () => ctx.as(token).patch(`/api/admin/plans/${id}/status`, { active: false });
  },
  "DELETE /api/admin/plans/:id": async () => {
    const id = await buildPlan(ctx.app);
    return () => ctx.as(token).delete(`/api/admin/plans/${id}`);
  },
  "PUT /api/admin/settings/:id": async () => {
    const [row] = await ctx.app.db.select().from(settings).where(eq(settings.settingKey, "site_name"));
    return () => ctx.as(token).put(`/api/admin/settings/${row.id}`, { value: "Vitrine Teste" });
  },
  "POST /api/admin/settings": async () => () =>
    ctx.as(token).post("/api/admin/settings", { setting_key: `chave_${Date.now()}`, setting_value: "x" }),
  "POST /api/admin/service-options": async () => () =>
    ctx.as(token).post("/api/admin/service-options", { name: `Serviço ${Date.now()}` }),
  "DELETE /api/admin/service-options/:id": async () => {
    const added = await ctx.as(token).post("/api/admin/service-options", { name: `Removível ${Date.now()}` });
    if (added.statusCode !== 200) throw new Error(`service option: ${added.statusCode} ${added.body}`);
    const { option } = added.json() as { option: { id: number } };
    return () => ctx.as(token).delete(`/api/admin/service-options/${option.id}`);
  },
  "PUT /api/admin/account": async () => async () => {
    const res = await ctx.as(token).put("/api/admin/account", {
      current_password: TEST_ADMIN.password,
      new_password: TEST_ADMIN.password,
    });
    // The change ends the other sessions: carry on with the fresh token.
    if (res.statusCode === 200) token = (res.json() as { token: string }).token;
    return res;
  },
  "DELETE /api/admin/sessions/:id": async () => {
    // Another sign-in of the same admin, ended from the walk's session.
    const other = await loginAdmin(ctx.app);
    return () => ctx.as(token).delete(`/api/admin/sessions/${String(decodeJwt(other).sid)}`);
  },
  "POST /api/admin/sessions/end-others": async () => () => ctx.as(token).post("/api/admin/sessions/end-others"),
  "POST /api/admin/passkeys/options": async () => () => ctx.as(token).post("/api/admin/passkeys/options"),
  "POST /api/admin/passkeys": async () => {
    const options = (await ctx.as(token).post("/api/admin/passkeys/options")).json() as { options: PasskeyOptions };
    const { response } = createPasskey(options.options, "http://localhost");
    return () => ctx.as(token).post("/api/admin/passkeys", { name: "Chave do walk", response });
  },
  "DELETE /api/admin/passkeys/:id": async () => {
    const [row] = await ctx.app.db
      .insert(passkeys)
      .values({
        credentialId: `walk-${Date.now()}`,
        publicKey: "x",
        accountKind: "admin",
        accountId: Number(decodeJwt(token).sub),
        name: "Antiga",
      })
      .returning();
    return () => ctx.as(token).delete(`/api/admin/passkeys/${row.id}`);
  },
  "POST /api/admin/two-factor/recovery-codes": async () => {
    const code = await adminCode();
    return () => ctx.as(token).post("/api/admin/two-factor/recovery-codes", { code });
  },
  "POST /api/admin/two-factor/replace": async () => {
    const code = await adminCode();
    return async () => {
      const res = await ctx.as(token).post("/api/admin/two-factor/replace", { code });
      if (res.statusCode === 200) newAppSecret = (res.json() as { secret: string }).secret;
      return res;
    };
  },
  "POST /api/admin/two-factor/confirm": async () => {
    const secret = newAppSecret!;
    return async () => {
      const res = await ctx.as(token).post("/api/admin/two-factor/confirm", { code: totpCode(secret) });
      if (res.statusCode === 200) rememberSecret(ctx.app, "admin", Number(decodeJwt(token).sub), secret);
      return res;
    };
  },
  "POST /api/admin/two-factor/disable": async () => {
    // With a passkey (added by the walk above) the app is no longer her only second factor.
    const code = await adminCode();
    return () => ctx.as(token).post("/api/admin/two-factor/disable", { password: TEST_ADMIN.password, code });
  },
  "POST /api/admin/two-factor/setup": async () => () => ctx.as(token).post("/api/admin/two-factor/setup"),
  // "Confirme que é você" (decision 065): each proof and the end of the access review.
  // Her password: the walk's scenarios above may have switched her app off.
  "POST /api/admin/recent-proof": async () => () =>
    ctx.as(token).post("/api/admin/recent-proof", { password: TEST_ADMIN.password }),
  "POST /api/admin/recent-proof/passkey/options": async () => {
    await walkPasskey();
    return () => ctx.as(token).post("/api/admin/recent-proof/passkey/options");
  },
  "POST /api/admin/recent-proof/passkey": async () => {
    const passkey = await walkPasskey();
    const options = (await ctx.as(token).post("/api/admin/recent-proof/passkey/options")).json() as {
      options: PasskeyOptions;
    };
    const response = assertPasskey(passkey, options.options, "http://localhost");
    return () => ctx.as(token).post("/api/admin/recent-proof/passkey", { response });
  },
  "POST /api/admin/recent-proof/access-review/done": async () => () =>
    ctx.as(token).post("/api/admin/recent-proof/access-review/done"),
  "POST /api/payments/admin/generate-pix": async () => {
    const id = await buildModel(ctx.app);
    return () => ctx.as(token).post("/api/payments/admin/generate-pix", { amount: 100, model_id: id });
  },
  "POST /api/payments/admin/generate-link": async () => {
    const id = await buildModel(ctx.app);
    return () => ctx.as(token).post("/api/payments/admin/generate-link", { amount: 100, model_id: id });
  },
  "POST /api/admin/moderation/cases/:id/decision": async () => {
    const { caseId } = await reportedCase();
    return () => decide(ctx.app, token, caseId, { action: "archive", reason: "Sem fundamento." });
  },
  "POST /api/admin/trusted-notifiers": async () => () =>
    ctx.as(token).post("/api/admin/trusted-notifiers", {
      name: "SaferNet Brasil",
      kind: "safernet",
      email: `safernet-${reporterIp++}@org.example`,
    }),
  "POST /api/admin/trusted-notifiers/:id/invite": async () => {
    const id = await trustedNotifier();
    return () => ctx.as(token).post(`/api/admin/trusted-notifiers/${id}/invite`);
  },
  "POST /api/admin/trusted-notifiers/:id/revoke": async () => {
    const id = await trustedNotifier();
    return () => ctx.as(token).post(`/api/admin/trusted-notifiers/${id}/revoke`);
  },
  "POST /api/admin/moderation/cases/:id/appeal-decision": async () => {
    const { caseId, model } = await reportedCase();
    await decide(ctx.app, token, caseId, { action: "hide_profile", reason: "Perfil falso." });
    const appeal = await ctx.as(model.token).post(`/api/models/moderation/cases/${caseId}/appeal`, {
      text: "Sou eu nas fotos, posso enviar documento.",
    });
    if (appeal.statusCode !== 200) throw new Error(`appeal: ${appeal.statusCode} ${appeal.body}`);
    return () =>
      ctx.as(token).post(`/api/admin/moderation/cases/${caseId}/appeal-decision`, {
        outcome: "reversed",
        reason: "Documento conferido.",
      });
  },
  "POST /api/admin/verifications/:id/approve": async () => {
    const { id } = await pendingVerification();
    return () =>
      ctx
        .as(token)
        .post(`/api/admin/verifications/${id}/approve`, { birth_date: "1990-01-01", document_number: "12.345.678-9" });
  },
  "POST /api/admin/verifications/:id/reject": async () => {
    const { id } = await pendingVerification();
    return () => ctx.as(token).post(`/api/admin/verifications/${id}/reject`, { reason: "Documento ilegível." });
  },
  "POST /api/admin/verifications/:id/resubmit": async () => {
    const { id } = await pendingVerification();
    return () => ctx.as(token).post(`/api/admin/verifications/${id}/resubmit`, { reason: "Foto tremida." });
  },
  "POST /api/admin/boosts/:id/approve": async () => {
    const { boostId } = await boostAwaitingReview(ctx.app, fake);
    const queue = await ctx.as(token).get("/api/admin/boosts");
    const item = (queue.json() as { boosts: Array<{ id: number; snapshot_hash: string }> }).boosts.find(
      (b) => b.id === boostId,
    );
    return () => ctx.as(token).post(`/api/admin/boosts/${boostId}/approve`, { snapshot_hash: item?.snapshot_hash });
  },
  "POST /api/admin/boosts/:id/reject": async () => {
    const { boostId } = await boostAwaitingReview(ctx.app, fake);
    return () => ctx.as(token).post(`/api/admin/boosts/${boostId}/reject`, { reason: "Foto com telefone visível." });
  },
  "PATCH /api/admin/boost-products/:id": async () => {
    const id = await productOf(ctx.app, "bump", 3);
    return () => ctx.as(token).patch(`/api/admin/boost-products/${id}`, { price_cents: 1390 });
  },
  "POST /api/admin/verifications/frozen/:id/unfreeze": async () => {
    const { id, modelId } = await pendingVerification();
    // A birth date under 18 freezes the account (answered 400, audited).
    await ctx.as(token).post(`/api/admin/verifications/${id}/approve`, {
      birth_date: addDays(todayInSaoPaulo(), -365),
      document_number: "12.345.678-9",
    });
    return () =>
      ctx.as(token).post(`/api/admin/verifications/frozen/${modelId}/unfreeze`, { reason: "Data digitada errada." });
  },
};

const auditRows = async () => (await ctx.app.db.select({ n: count() }).from(auditLog))[0].n;

describe("every admin request that changes data writes exactly one audit row", () => {
  test("the walk covers every mutating admin route", () => {
    const mutating = ctx.app.routeList
      .filter((r) => isAdminRoute(r.url) && (MUTATING.has(r.method) || MUTATING_GETS.has(`${r.method} ${r.url}`)))
      .map((r) => `${r.method} ${r.url}`);
    assert.ok(mutating.length >= 15, `only ${mutating.length} mutating admin routes found`);
    assert.deepEqual(
      mutating.filter((key) => !(key in scenarios)),
      [],
      "add a scenario for each new mutating admin route",
    );
  });

  for (const [route, prepare] of Object.entries(scenarios)) {
    test(route, async () => {
      const call = await prepare();
      const before = await auditRows();
      const res = await call();
      const written = (await auditRows()) - before;
      assert.ok(res.statusCode < 300, `${route}: ${res.statusCode} ${res.body}`);
      assert.equal(written, 1, `${route} answered ${res.statusCode} and wrote ${written} audit rows`);
    });
  }
});
