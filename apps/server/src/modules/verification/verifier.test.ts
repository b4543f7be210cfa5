import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import {
  type AdminVerificationsResponse,
  IDENTITY_BANNED_MESSAGE,
  type PublicModelsResponse,
} from "@vitrine/contracts";
import { and, desc, eq } from "drizzle-orm";
import type { FastifyInstance, LightMyRequestResponse } from "fastify";
import { auditLog, bannedIdentities, identityVerifications, moderationCases, models } from "../../db/schema";
import { type DemoAgeVerifier, startDemoAgeVerifier } from "../../fake-age-verifier/demo-verifier";
import { DEMO_AGE_VERIFIER, DEMO_IDENTITY_VERIFIER } from "../../fake-age-verifier/identity";
import { sealFlow } from "../age-assurance/flow";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { CookieJar, fetchAtVerifier } from "../../test/age-verifier";
import { bearer, makeVisible, registerModel } from "../../test/factories";
import { createTestContext } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { report } from "../moderation/test-support";
import { ownVerification, pendingOf, sendVerification } from "./test-support";
import { IDENTITY_FLOW_COOKIE } from "./verifier-flow";
import { withoutId } from "../../test/events";

let demo: DemoAgeVerifier;
let admin: string;

before(async () => {
  demo = await startDemoAgeVerifier();
});
const ctx = useTestContext(() => ({
  identityVerifier: {
    issuer: demo.issuer,
    clientId: demo.clientId,
    clientSecret: demo.clientSecret,
    claim: DEMO_IDENTITY_VERIFIER.claim,
    scope: DEMO_IDENTITY_VERIFIER.scope,
    name: "Verificador de identidade de teste",
  },
}));
before(async () => {
  admin = await signedInAdmin(ctx);
});
after(async () => {
  await demo.close();
});

const yearsAgo = (years: number) => addDays(todayInSaoPaulo(), -Math.round(years * 365.25) - 3);

/** An active, paid model who has not verified her identity yet. */
async function paidModel(name: string) {
  const model = await registerModel(ctx.app, { name });
  await makeVisible(ctx.app, model.id);
  await ctx.app.db.update(models).set({ isVerified: false }).where(eq(models.id, model.id));
  return model;
}

const listed = async (name: string) => {
  const res = await ctx.as(null).get(`/api/models/public?search=${encodeURIComponent(name)}`);
  return (res.json() as PublicModelsResponse).models.map((m) => m.name);
};

const rowsOf = (modelId: number) =>
  ctx.app.db
    .select()
    .from(identityVerifications)
    .where(and(eq(identityVerifications.modelId, modelId), eq(identityVerifications.method, "verifier")))
    .orderBy(desc(identityVerifications.id));

type Answer =
  | { answer: "verificar"; birthdate: string; document: string }
  | { answer: "cancelar" }
  /** The age question's answer: only on an identity request edited to the age scope. */
  | { answer: "maior" };

/** Her browser: the site with her bearer token and its cookies, and the verifier with its own cookies. */
class ModelBrowser {
  readonly jar = new CookieJar();
  private readonly verifierJar = new CookieJar();

  constructor(
    private readonly app: FastifyInstance,
    readonly token: string | null,
  ) {}

  async start(): Promise<LightMyRequestResponse> {
    const res = await this.app.inject({
      method: "POST",
      url: "/api/models/verification/verifier",
      headers: { ...(this.token ? bearer(this.token) : {}), cookie: this.jar.header() },
    });
    this.jar.absorb(res.headers["set-cookie"] as string | string[] | undefined);
    return res;
  }

  /** Starts, and returns the verifier's authorization URL. */
  async startAtVerifier(): Promise<URL> {
    const res = await this.start();
    assert.equal(res.statusCode, 200, res.body);
    return new URL((res.json() as { url: string }).url);
  }

  /** At the demo verifier's identity page: answers and follows it back; returns the callback (not yet opened). */
  async answer(authorization: URL, answer: Answer): Promise<string> {
    let res = await this.fetchAtVerifier(authorization.href);
    const interaction = new URL(String(res.headers.get("location")), authorization).href;
    res = await this.fetchAtVerifier(interaction);
    assert.equal(res.status, 200);
    res = await this.fetchAtVerifier(interaction, new URLSearchParams(answer));
    res = await this.fetchAtVerifier(new URL(String(res.headers.get("location")), authorization).href);
    const callback = new URL(String(res.headers.get("location")));
    assert.equal(callback.pathname, "/api/identity/callback");
    return callback.pathname + callback.search;
  }

  /** Opens a callback with this browser's cookies; returns the result shown on her page (`verificador`). */
  async callback(path: string, cookie = this.jar.header()): Promise<string | null> {
    const res = await this.app.inject({ method: "GET", url: path, headers: { cookie } });
    this.jar.absorb(res.headers["set-cookie"] as string | string[] | undefined);
    assert.equal(res.statusCode, 303, res.body);
    const location = new URL(String(res.headers.location), "http://localhost");
    assert.equal(location.pathname, "/dashboard/verificacao");
    return location.searchParams.get("verificador");
  }

  /** The whole verification at the verifier. */
  async verify(answer: Answer): Promise<string | null> {
    return this.callback(await this.answer(await this.startAtVerifier(), answer));
  }

  private fetchAtVerifier(url: string, form?: URLSearchParams): Promise<Response> {
    return fetchAtVerifier(this.verifierJar, url, form);
  }
}

const adult = (document: string, years = 29): Answer => ({
  answer: "verificar",
  birthdate: yearsAgo(years),
  document,
});

describe("identity verification at the verifier (the demo verifier, a real oidc-provider)", () => {
  test("over 18: verified with the verifier's birth date, public once paid; nothing else of the verifier kept", async () => {
    const model = await paidModel("Helena Verificador");
    const before = await ownVerification(ctx.app, model.token);
    assert.equal(before.verifier_name, "Verificador de identidade de teste");
    assert.deepEqual(await listed("Helena Verificador"), []);

    const browser = new ModelBrowser(ctx.app, model.token);
    const authorization = await browser.startAtVerifier();
    assert.equal(authorization.origin, demo.issuer);
    assert.equal(authorization.searchParams.get("redirect_uri"), "http://localhost/api/identity/callback");
    assert.equal(authorization.searchParams.get("code_challenge_method"), "S256");
    assert.match(authorization.searchParams.get("scope") ?? "", /\bidentidade\b/);
    assert.ok(browser.jar.cookies.has(IDENTITY_FLOW_COOKIE));
    const [started] = await rowsOf(model.id);
    assert.equal(started!.status, "started");

    const birth = yearsAgo(29);
    const callback = await browser.answer(authorization, {
      answer: "verificar",
      birthdate: birth,
      document: "MG 1" + "2.345.678",
    });
    const replayCookie = browser.jar.header();
    const events: unknown[] = [];
    const stop = ctx.app.events.subscribe((e) => events.push(withoutId(e)));
    assert.equal(await browser.callback(callback), "aprovada");
    stop();
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: model.id }]);
    assert.ok(!browser.jar.cookies.has(IDENTITY_FLOW_COOKIE), "the flow cookie is cleared");

    const own = await ownVerification(ctx.app, model.token);
    assert.equal(own.state, "approved");
    assert.equal(own.birth_date, birth);
    const [row] = await rowsOf(model.id);
    assert.equal(row!.status, "approved");
    assert.equal(row!.birthDate, birth);
    assert.equal(row!.verifier, "Verificador de identidade de teste");
    assert.match(row!.identityHash ?? "", /^[0-9a-f]{64}$/);
    assert.equal(row!.decidedBy, null);
    assert.doesNotMatch(JSON.stringify(row), /documento-|12345678/, "neither the subject nor the number is kept");
    const [model2] = await ctx.app.db.select().from(models).where(eq(models.id, model.id));
    assert.equal(model2!.isVerified, true);
    assert.equal(model2!.verifiedBirthDate, birth);
    assert.equal(model2!.age, 29);
    assert.deepEqual(await listed("Helena Verificador"), ["Helena Verificador"]);

    // The same answer again (a replay, with the cookie of the moment): nothing more happens.
    assert.equal(await browser.callback(callback, replayCookie), "falhou");
    assert.equal((await rowsOf(model.id))[0]!.status, "approved");
    // Verified: no new verification.
    assert.equal((await browser.start()).statusCode, 409);
  });

  test("under 18: the account is frozen and listed to the admins, as by review", async () => {
    const model = await paidModel("Menor Verificador");
    const browser = new ModelBrowser(ctx.app, model.token);
    assert.equal(await browser.verify({ answer: "verificar", birthdate: yearsAgo(16), document: "MENOR-1" }), "menor");
    const own = await ownVerification(ctx.app, model.token);
    assert.equal(own.state, "frozen");
    assert.equal(own.is_verified, false);
    const [row] = await rowsOf(model.id);
    assert.equal(row!.status, "underage");
    const queue = (await ctx.as(admin).get("/api/admin/verifications")).json() as AdminVerificationsResponse;
    assert.ok(queue.frozen.some((m) => m.id === model.id));
    assert.deepEqual(await listed("Menor Verificador"), []);
    // Frozen: she cannot start again, at the verifier or by review.
    assert.equal((await browser.start()).statusCode, 403);
  });

  test("cancelled at the verifier: a message on her page, nothing decided, she may try again", async () => {
    const model = await paidModel("Cancela Verificador");
    const browser = new ModelBrowser(ctx.app, model.token);
    assert.equal(await browser.verify({ answer: "cancelar" }), "cancelada");
    assert.equal((await rowsOf(model.id))[0]!.status, "cancelled");
    const own = await ownVerification(ctx.app, model.token);
    assert.equal(own.state, "none");
    assert.equal(own.can_submit, true);
    assert.equal(await browser.verify(adult("CANCELA-1")), "aprovada");
  });

  test("a forged state, another model's answer, no flow cookie: nothing completed; hers still completes", async () => {
    const a = await paidModel("Ana Estado");
    const b = await paidModel("Bia Estado");
    const browserA = new ModelBrowser(ctx.app, a.token);
    const browserB = new ModelBrowser(ctx.app, b.token);
    const callbackA = await browserA.answer(await browserA.startAtVerifier(), adult("ESTADO-A"));
    const callbackB = await browserB.answer(await browserB.startAtVerifier(), adult("ESTADO-B"));

    const forged = new URL(callbackA, "http://localhost");
    forged.searchParams.set("state", "forjado");
    assert.equal(await browserA.callback(forged.pathname + forged.search), "falhou");
    // B's answer opened in A's browser (A's flow): its state is not A's.
    assert.equal(await browserA.callback(callbackB), "falhou");
    // Without the flow cookie of her start (another browser, or none).
    assert.equal(await new ModelBrowser(ctx.app, null).callback(callbackB), "falhou");
    assert.equal((await rowsOf(a.id))[0]!.status, "started");
    assert.equal((await rowsOf(b.id))[0]!.status, "started");
    assert.equal((await ownVerification(ctx.app, a.token)).state, "none");

    assert.equal(await browserA.callback(callbackA), "aprovada");
    assert.equal(await browserB.callback(callbackB), "aprovada");
  });

  test("the start is the signed-in model's: no token 401, an admin 403", async () => {
    const none = await new ModelBrowser(ctx.app, null).start();
    assert.equal(none.statusCode, 401);
    assert.equal(none.json().code, "UNAUTHENTICATED");
    const asAdmin = await new ModelBrowser(ctx.app, admin).start();
    assert.equal(asAdmin.statusCode, 403);
    assert.equal(asAdmin.json().code, "FORBIDDEN");
  });

  test("without a configured verifier: review only (no name, start and callback 404)", async () => {
    const site = await createTestContext();
    try {
      const model = await registerModel(site.app, { name: "Sem Verificador" });
      assert.equal((await ownVerification(site.app, model.token)).verifier_name, null);
      const start = await new ModelBrowser(site.app, model.token).start();
      assert.equal(start.statusCode, 404);
      assert.match(start.json().error, /Envie os documentos/);
      const callback = await site.app.inject({ method: "GET", url: "/api/identity/callback?code=x&state=y" });
      assert.equal(callback.statusCode, 404);
    } finally {
      await site.close();
    }
  });
});

test("the verifier unreachable: 502 with a Portuguese message, nothing started", async () => {
  const site = await createTestContext({
    identityVerifier: {
      issuer: "http://127.0.0.1:9",
      clientId: "vitrine",
      clientSecret: "segredo",
      claim: "birthdate",
      scope: "",
      name: "Verificador Fora do Ar",
    },
  });
  try {
    const model = await registerModel(site.app, { name: "Sem Resposta" });
    const res = await new ModelBrowser(site.app, model.token).start();
    assert.equal(res.statusCode, 502, res.body);
    assert.equal(res.json().code, "PROVIDER_UNAVAILABLE");
    assert.match(res.json().error, /Verificador Fora do Ar não respondeu/);
    const rows = await site.app.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.modelId, model.id));
    assert.ok(rows.every((r) => r.method === "review"));
  } finally {
    await site.close();
  }
});

describe("a ban blocks her verified identity from verifying again", () => {
  /** Bans the model through a report and the admin's decision; returns the case. */
  async function ban(model: { id: number }, ip: string) {
    assert.equal((await report(ctx.app, ip, { model_id: model.id, category: "scam", text: "golpe" })).statusCode, 200);
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, model.id));
    const res = await ctx.as(admin).post(`/api/admin/moderation/cases/${kase!.id}/decision`, {
      action: "ban",
      reason: "Conta de golpe.",
    });
    assert.equal(res.statusCode, 200, res.body);
    return kase!.id;
  }

  async function reverse(model: { body: { email: string; password: string } }, caseId: number) {
    const login = await ctx.as(null).post("/api/auth/model/login", {
      email: model.body.email,
      password: model.body.password,
    });
    const token = login.json().token as string;
    const appealed = await ctx.as(token).post(`/api/models/moderation/cases/${caseId}/appeal`, { text: "Não fui eu." });
    assert.equal(appealed.statusCode, 200, appealed.body);
    const reversed = await ctx.as(admin).post(`/api/admin/moderation/cases/${caseId}/appeal-decision`, {
      outcome: "reversed",
      reason: "Recurso aceito.",
    });
    assert.equal(reversed.statusCode, 200, reversed.body);
  }

  test("through the verifier: the banned identity is refused on another account; a reversed ban lifts it", async () => {
    const first = await paidModel("Banida Verificador");
    assert.equal(await new ModelBrowser(ctx.app, first.token).verify(adult("BAN-777")), "aprovada");
    const caseId = await ban(first, "203.0.113.61");
    assert.equal(
      (await ctx.app.db.select().from(bannedIdentities).where(eq(bannedIdentities.modelId, first.id))).length,
      1,
    );

    const again = await paidModel("Volta Verificador");
    const browser = new ModelBrowser(ctx.app, again.token);
    assert.equal(await browser.verify(adult("BAN-777", 35)), "recusada");
    const own = await ownVerification(ctx.app, again.token);
    assert.equal(own.state, "rejected");
    assert.equal(own.is_verified, false);
    assert.equal(own.reason, IDENTITY_BANNED_MESSAGE);
    assert.equal((await rowsOf(again.id))[0]!.status, "rejected");
    assert.deepEqual(await listed("Volta Verificador"), []);
    // Another identity is not blocked.
    const other = await paidModel("Outra Verificador");
    assert.equal(await new ModelBrowser(ctx.app, other.token).verify(adult("BAN-778")), "aprovada");

    await reverse(first, caseId);
    assert.equal(
      (await ctx.app.db.select().from(bannedIdentities).where(eq(bannedIdentities.modelId, first.id))).length,
      0,
    );
    assert.equal(await browser.verify(adult("BAN-777", 35)), "aprovada");
  });

  test("by review: the admin's approval of a banned document is refused (409) and the verification rejected, audited", async () => {
    const first = await paidModel("Banida Revisao");
    await sendVerification(ctx.app, first.token, { document_type: "rg" });
    const approved = await ctx
      .as(admin)
      .post(`/api/admin/verifications/${(await pendingOf(ctx.app, first.id)).id}/approve`, {
        birth_date: yearsAgo(30),
        document_number: "44.555.666-7",
      });
    assert.equal(approved.statusCode, 200, approved.body);
    const caseId = await ban(first, "203.0.113.62");

    const again = await paidModel("Volta Revisao");
    await sendVerification(ctx.app, again.token, { document_type: "rg" });
    const pending = await pendingOf(ctx.app, again.id);
    // The same number typed another way is the same document.
    const refused = await ctx.as(admin).post(`/api/admin/verifications/${pending.id}/approve`, {
      birth_date: yearsAgo(30),
      document_number: "445556667",
    });
    assert.equal(refused.statusCode, 409, refused.body);
    assert.equal(refused.json().error, IDENTITY_BANNED_MESSAGE);
    const [row] = await ctx.app.db.select().from(identityVerifications).where(eq(identityVerifications.id, pending.id));
    assert.equal(row!.status, "rejected");
    assert.equal(row!.reason, IDENTITY_BANNED_MESSAGE);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "verification.reject"), eq(auditLog.targetId, String(again.id))));
    assert.equal((audit!.changes as { banned_identity?: boolean }).banned_identity, true);
    assert.doesNotMatch(JSON.stringify(audit!.changes), /445556667|[0-9a-f]{64}/);
    const [model] = await ctx.app.db.select().from(models).where(eq(models.id, again.id));
    assert.equal(model!.isVerified, false);

    // A document of another type with the same number is another document.
    await sendVerification(ctx.app, again.token, { document_type: "cnh", message: "Envio a minha CNH." });
    const cnh = await pendingOf(ctx.app, again.id);
    await reverse(first, caseId);
    const ok = await ctx.as(admin).post(`/api/admin/verifications/${cnh.id}/approve`, {
      birth_date: yearsAgo(30),
      document_number: "445556667",
    });
    assert.equal(ok.statusCode, 200, ok.body);
  });

  test("after the reversal the reviewed document may be verified again", async () => {
    const first = await paidModel("Revisao Recurso");
    await sendVerification(ctx.app, first.token, { document_type: "passport" });
    const url = async (m: { id: number }) => `/api/admin/verifications/${(await pendingOf(ctx.app, m.id)).id}/approve`;
    const body = { birth_date: yearsAgo(40), document_number: "FZ123456" };
    assert.equal((await ctx.as(admin).post(await url(first), body)).statusCode, 200);
    const caseId = await ban(first, "203.0.113.63");
    const again = await paidModel("Revisao Depois");
    await sendVerification(ctx.app, again.token, { document_type: "passport" });
    const pendingUrl = await url(again);
    await reverse(first, caseId);
    assert.equal((await ctx.as(admin).post(pendingUrl, body)).statusCode, 200);
  });
});

describe("the identity callback accepts only the identity flow's answer (S6)", () => {
  test("an age answer (her request edited to the age scope: no document) is refused; she stays unverified", async () => {
    const model = await paidModel("Troca de Fluxo");
    const browser = new ModelBrowser(ctx.app, model.token);
    const authorization = await browser.startAtVerifier();
    authorization.searchParams.set("scope", `openid ${DEMO_AGE_VERIFIER.scope}`);
    const callback = await browser.answer(authorization, { answer: "maior" });
    assert.equal(await browser.callback(callback), "falhou");
    const own = await ownVerification(ctx.app, model.token);
    assert.equal(own.is_verified, false);
    assert.equal((await rowsOf(model.id))[0]!.status, "failed");
    assert.deepEqual(await listed("Troca de Fluxo"), []);
  });

  test("an age check's sealed state, even with her flow's own state and nonce, does not open here", async () => {
    const model = await paidModel("Estado Trocado");
    const browser = new ModelBrowser(ctx.app, model.token);
    const authorization = await browser.startAtVerifier();
    const callback = await browser.answer(authorization, adult("TROCA-1"));
    // The same verifier data sealed as an age flow (its key, audience and purpose) under the identity cookie's name.
    const state = authorization.searchParams.get("state")!;
    const forged = await sealFlow(ctx.app.config.jwtSecret, {
      checkId: "x",
      next: "/",
      sessionHash: "x",
      verifier: { state, nonce: authorization.searchParams.get("nonce")!, codeVerifier: "x" },
    });
    assert.equal(await browser.callback(callback, `${IDENTITY_FLOW_COOKIE}=${forged}`), "falhou");
    assert.equal((await rowsOf(model.id))[0]!.status, "started", "nothing completed");
    // Her own cookie still completes it.
    assert.equal(await browser.callback(callback), "aprovada");
  });
});
