import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { eq } from "drizzle-orm";
import { mailOutbox, moderationCases, models } from "../../db/schema";
import { loginAdmin, makeVisible, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import {
  assertAdminOnly,
  assertMalformedRefused,
  assertRefusedEverywhere,
  type Call,
  type MatrixClient,
  matrixClient,
  refusedTokens,
  scopeOf,
} from "../../test/route-matrix";
import { pendingOf, sendVerification } from "../verification/test-support";
import { decide, report } from "./test-support";

/**
 * The authorization matrix of every route issue 19 added (reports, moderation, verification): each route, read
 * from the app's route list so that a new one is covered at once, called by each kind of caller — nobody, the
 * model it concerns, another model, the admin, a forged token, and tokens signed before their account's session
 * version was raised — answers 401/403/404 as it should, never a 500 and never another model's data; then the
 * same routes are attacked with malformed and oversized input.
 */
describe("who may call the routes of reports, moderation and verification", () => {
  const ctx = useTestContext();
  let admin: string;
  let owner: { id: number; token: string };
  let other: { id: number; token: string };
  let caseId: number;
  let verificationId: number;
  /** The e-mail link token of a notice (its confirmation and status routes are public: the link is the key). */
  let noticeToken: string;
  let client: MatrixClient;
  let send: MatrixClient["send"];
  let label: MatrixClient["label"];
  /** Tokens that must be refused everywhere: forged, or signed before a session-version bump. */
  const refused: Record<string, string> = {};

  const ISSUE_19 = /^\/api\/(reports|admin\/moderation|models\/moderation|models\/verification|admin\/verifications)/;

  before(async () => {
    admin = await loginAdmin(ctx.app);
    const owning = await registerModel(ctx.app);
    other = await registerModel(ctx.app);
    const sent = await sendVerification(ctx.app, owning.token);
    assert.equal(sent.statusCode, 201, sent.body);
    verificationId = (await pendingOf(ctx.app, owning.id)).id;
    await makeVisible(ctx.app, owning.id);
    await report(ctx.app, "203.0.113.30", { model_id: owning.id, category: "scam" });
    const notice = await ctx.as(null).post("/api/reports/notice", {
      name: "Maria da Silva",
      email: "matriz@example.com",
      role: "self",
      url: `https://vitrine.example/modelo/${owning.id}`,
      category: "minor_or_exploitation",
      reason: "Notificação da matriz de autorização.",
    });
    assert.equal(notice.statusCode, 200, notice.body);
    const [link] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, "matriz@example.com"));
    noticeToken = /token=([A-Za-z0-9_-]+)/.exec(link!.textBody)![1]!;
    [{ id: caseId }] = await ctx.app.db
      .select({ id: moderationCases.id })
      .from(moderationCases)
      .where(eq(moderationCases.modelId, owning.id));

    // Stale tokens: each account's session version is raised after its token was signed; new sign-ins follow.
    const signIn = async () => {
      const login = await ctx.as(null).post("/api/auth/model/login", {
        email: owning.body.email,
        password: owning.body.password,
      });
      assert.equal(login.statusCode, 200, login.body);
      return login.json().token as string;
    };
    const tokens = await refusedTokens(ctx.app, owning, other.id, signIn);
    Object.assign(refused, tokens.refused);
    owner = { id: owning.id, token: tokens.modelToken };
    admin = tokens.admin;
    client = matrixClient(ctx.app);
    ({ send, label } = client);
  });

  /** Every route of issue 19, its parameters filled with the owner's case, verification and account. */
  function routes(): Call[] {
    const bodies: Record<string, object> = {
      "POST /api/reports": { model_id: owner.id, category: "other" },
      "POST /api/reports/notice": {
        name: "Maria da Silva",
        email: "maria@example.com",
        role: "self",
        url: "https://outro-site.example/x",
        category: "not_the_person",
        reason: "Estas fotos são minhas e foram usadas sem autorização.",
      },
      "POST /api/reports/notice/confirm": { token: noticeToken },
      "POST /api/models/moderation/cases/:id/appeal": { text: "Recurso escrito por ela." },
      "POST /api/admin/moderation/cases/:id/decision": { action: "archive", reason: "Sem violação." },
      "POST /api/admin/moderation/cases/:id/appeal-decision": { outcome: "upheld", reason: "Mantida." },
      "POST /api/admin/verifications/:id/reject": { reason: "Documento ilegível." },
      "POST /api/admin/verifications/:id/resubmit": { reason: "Foto tremida." },
      "POST /api/admin/verifications/:id/approve": { birth_date: "1990-01-01", document_number: "12.345.678-9" },
      "POST /api/admin/verifications/frozen/:id/unfreeze": { reason: "Engano." },
    };
    return ctx.app.routeList
      .filter((r) => ISSUE_19.test(r.url) && r.method !== "HEAD")
      .map((r) => {
        const id = r.url.includes("/frozen/") ? owner.id : r.url.includes("verifications") ? verificationId : caseId;
        const path = r.url.replace(":id", String(id)).replace(":file", "document").replace(/\/$/, "");
        const url = r.url.endsWith("/notice/status") ? `${path}?token=${noticeToken}` : path;
        return { method: r.method, url, scope: scopeOf(r.url), body: bodies[`${r.method} ${r.url}`] } as Call;
      })
      .filter((call, i, all) => all.findIndex((c) => c.method === call.method && c.url === call.url) === i);
  }

  it("covers the routes issue 19 added", () => {
    const listed = routes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "POST /api/reports",
      "POST /api/reports/notice",
      "POST /api/reports/notice/confirm",
      `GET /api/reports/notice/status?token=${noticeToken}`,
      "GET /api/admin/moderation/urgent",
      "GET /api/models/moderation",
      "GET /api/models/verification",
      "POST /api/models/verification",
      `GET /api/admin/moderation/cases/${caseId}/evidence`,
      `POST /api/admin/verifications/frozen/${owner.id}/unfreeze`,
    ]) {
      assert.ok(listed.includes(expected), `${expected} in ${listed.join(", ")}`);
    }
  });

  it("forged tokens and tokens from before a session-version bump: 401 on every signed-in route", async () => {
    await assertRefusedEverywhere(routes(), refused, client);
  });

  it("admin routes: nobody 401, a model 403, the admin allowed (never a 500)", async () => {
    await assertAdminOnly(routes(), { admin, models: [owner.token, other.token] }, client);
  });

  it("model routes: nobody 401, the admin 403; another model neither sees nor appeals her case", async () => {
    for (const call of routes().filter((r) => r.scope === "model")) {
      assert.equal((await send(call, null)).statusCode, 401, `${call.url} nobody`);
      assert.equal((await send(call, admin)).statusCode, 403, `${call.url} admin`);
    }
    await decide(ctx.app, admin, caseId, { action: "hide_profile", reason: "Perfil falso." }).then((r) =>
      assert.ok([200, 409].includes(r.statusCode), r.body),
    );
    const own = { method: "GET", url: "/api/models/moderation", scope: "model" } as const;
    const appeal = {
      method: "POST",
      url: `/api/models/moderation/cases/${caseId}/appeal`,
      scope: "model",
      body: { text: "Recurso escrito por outra." },
    } as const;
    assert.deepEqual((await send(own, other.token)).json().cases, []);
    assert.equal((await send(appeal, other.token)).statusCode, 404);
    const theirs = await send({ method: "GET", url: "/api/models/verification", scope: "model" }, other.token);
    assert.equal(theirs.statusCode, 200, theirs.body);
    assert.equal(theirs.json().verification.state, "none", "another model reads her own standing, not the owner's");
  });

  it("a banned model: every model route but her decisions, her appeal and her data answers 403 ACCOUNT_BANNED", async () => {
    // Every route of the model scope (of any feature), known by its guards: nobody 401, an admin 403.
    const banned = await registerModel(ctx.app);
    // The live stream (/api/models/events) never ends: it is public anyway.
    const candidates = ctx.app.routeList.filter(
      (r) => r.method !== "HEAD" && /^\/api\/(models|payments)\//.test(r.url) && !r.url.endsWith("/events"),
    );
    const modelScope: { method: string; url: string }[] = [];
    for (const route of candidates) {
      const url = route.url.replace(/:[a-z_]+/gi, "1").replace(/\*$/, "x");
      const call = { method: route.method, url, scope: "model" as const };
      const anonymous = await send(call, null);
      if (anonymous.statusCode !== 401) continue;
      const byAdmin = await send(call, admin);
      if (byAdmin.statusCode === 403 && byAdmin.json().code === "FORBIDDEN")
        modelScope.push({ method: route.method, url });
    }
    assert.ok(modelScope.length >= 15, `model routes found: ${modelScope.length}`);
    await ctx.app.db.update(models).set({ moderationStatus: "banned" }).where(eq(models.id, banned.id));
    for (const route of modelScope) {
      const res = await send({ ...route, scope: "model" }, banned.token, { body: {} });
      // Her decisions, her appeal, and "Baixar meus dados" (the right of access, LGPD art. 18 II) stay open, with
      // the proof that it is her which the download asks (recent-proof, but not its access review).
      const proof = route.url.startsWith("/api/models/recent-proof") && !route.url.includes("/access-review");
      if (route.url.startsWith("/api/models/moderation") || route.url === "/api/models/my-data/export" || proof) {
        assert.notEqual(res.statusCode, 403, label({ ...route, scope: "model" }, "a banned model", res));
      } else {
        assert.equal(res.statusCode, 403, label({ ...route, scope: "model" }, "a banned model", res));
        assert.equal(res.json().code, "ACCOUNT_BANNED");
      }
    }
  });

  it("public routes: anyone, with or without a session, any token", async () => {
    for (const call of routes().filter((r) => r.scope === "public")) {
      for (const token of [null, other.token, admin, ...Object.values(refused)]) {
        const res = await send(call, token);
        assert.ok([200, 409, 429].includes(res.statusCode), label(call, token ? "signed in" : "nobody", res));
      }
    }
  });

  it("malformed and oversized input: 400, 404, 413 or 414 to the rightful caller, never a 500", async () => {
    const who = (call: Call) => (call.scope === "admin" ? admin : call.scope === "model" ? owner.token : null);
    await assertMalformedRefused(routes(), who, client);
    for (const call of routes().filter((c) => c.url.endsWith("/files/document"))) {
      for (const bad of ["..%2F..%2Fconfig", "DOCUMENT", "%2e%2e", "document.jpg", "x".repeat(300)]) {
        const url = call.url.replace(/document$/, bad);
        const res = await send(call, admin, { url });
        assert.ok([400, 404, 414].includes(res.statusCode), label({ ...call, url }, "the admin", res));
      }
    }
    for (const url of [
      `/api/admin/moderation/cases?status=${"x".repeat(5000)}&page=-1&limit=1e9`,
      "/api/admin/moderation/cases?page=99999999999999999999",
      "/api/admin/moderation/cases?status=open&status=closed",
      "/api/admin/verifications?page=abc",
    ]) {
      const res = await ctx.as(admin).get(url);
      assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
    }
  });
});
