import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import {
  TRUSTED_NOTIFIER_LINK_INVALID,
  TRUSTED_NOTIFIER_ONLY,
  TRUSTED_NOTIFIER_REVOKED,
  TRUSTED_PROFILE_NOT_FOUND,
} from "@vitrine/contracts";
import { and, desc, eq, like } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { auditLog, mailOutbox, moderationCases, models } from "../../db/schema";
import { expectOneAuditRow } from "../../test/admin-support";
import { bearer, buildModel, registerModel } from "../../test/factories";
import { expectValidationError, TEST_ADMIN } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { type Call, matrixClient } from "../../test/route-matrix";

/**
 * Trusted notifiers (decision 061): an organisation the admin registers sets its password through a one-time
 * e-mailed link, signs in with its own token audience, and its urgent report hides the profile at once.
 */
describe("trusted notifiers", () => {
  const ctx = useTestContext();
  let admin: string;
  before(async () => {
    admin = await signedInAdmin(ctx);
  });

  let serial = 0;
  const uniqueEmail = () => `notificador${++serial}-${Date.now()}@org.example`;

  /** The latest message to `to` whose subject starts with `subject`. */
  const lastMail = async (to: string, subject: string) => {
    const [row] = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, `${subject}%`)))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    return row;
  };
  const mailCount = async (to: string, subject: string) =>
    (
      await ctx.app.db
        .select({ id: mailOutbox.id })
        .from(mailOutbox)
        .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, `${subject}%`)))
    ).length;
  const linkOf = async (email: string) => {
    const mail = await lastMail(email, "Acesso de notificador confiável");
    assert.ok(mail, `an invitation to ${email}`);
    const token = /\/notificador\/definir-senha\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody)?.[1];
    assert.ok(token, mail.textBody);
    return token;
  };
  const auditOf = async (action: string, targetId: number | string) =>
    ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(targetId))))
      .orderBy(desc(auditLog.id));

  /** Registers a notifier as the admin, sets its password through the e-mailed link and signs it in. */
  async function activeNotifier(name = "SaferNet Brasil") {
    const email = uniqueEmail();
    const created = await ctx.as(admin).post("/api/admin/trusted-notifiers", { name, kind: "safernet", email });
    assert.equal(created.statusCode, 201, created.body);
    const id = created.json().notifier.id as number;
    const password = "senha-da-organizacao-1";
    const set = await ctx.as(null).post("/api/notifier/password", { token: await linkOf(email), password });
    assert.equal(set.statusCode, 200, set.body);
    const login = await ctx.as(null).post("/api/notifier/login", { email, password });
    assert.equal(login.statusCode, 200, login.body);
    return { id, email, password, token: login.json().token as string };
  }

  const isPublic = async (modelId: number) => (await ctx.as(null).get(`/api/models/public/${modelId}`)).statusCode;

  it("register → e-mailed link → password → sign-in → an urgent report hides the profile at once, audited and e-mailed", async () => {
    const email = uniqueEmail();
    const created = await expectOneAuditRow(ctx.app, "trusted_notifier.create", () =>
      ctx.as(admin).post("/api/admin/trusted-notifiers", {
        name: "Conselho Tutelar de Curitiba",
        kind: "conselho_tutelar",
        email,
      }),
    );
    assert.equal(created.statusCode, 201, created.body);
    const notifier = created.json().notifier;
    assert.equal(notifier.status, "invited");
    assert.equal(notifier.last_report_at, null);

    const token = await linkOf(email);
    // Before the password is set there is no sign-in.
    const early = await ctx.as(null).post("/api/notifier/login", { email, password: "senha-da-organizacao-1" });
    assert.equal(early.statusCode, 401);

    const set = await ctx.as(null).post("/api/notifier/password", { token, password: "senha-da-organizacao-1" });
    assert.equal(set.statusCode, 200, set.body);
    assert.equal((await auditOf("trusted_notifier.password_set", notifier.id)).length, 1);
    // The same link, replayed: refused.
    const replay = await ctx.as(null).post("/api/notifier/password", { token, password: "outra-senha-qualquer-2" });
    expectValidationError(replay, ["token"], TRUSTED_NOTIFIER_LINK_INVALID);

    const login = await ctx.as(null).post("/api/notifier/login", { email, password: "senha-da-organizacao-1" });
    assert.equal(login.statusCode, 200, login.body);
    assert.equal(login.json().notifier.name, "Conselho Tutelar de Curitiba");
    const [signIn] = await auditOf("trusted_notifier.sign_in", notifier.id);
    assert.equal(signIn?.actor, "notificador:Conselho Tutelar de Curitiba");
    const session = login.json().token as string;
    assert.equal((await ctx.as(session).get("/api/notifier/me")).json().notifier.email, email);

    const target = await buildModel(ctx.app);
    const [{ email: herEmail }] = await ctx.app.db
      .select({ email: models.email })
      .from(models)
      .where(eq(models.id, target));
    assert.equal(await isPublic(target), 200);
    const sent = await ctx.as(session).post("/api/notifier/reports", {
      profile: `https://vitrine.example/modelo/${target}`,
      category: "minor_or_exploitation",
      description: "Fotos indicam que a pessoa anunciada é adolescente.",
    });
    assert.equal(sent.statusCode, 201, sent.body);
    assert.equal(sent.json().report.state, "held");
    assert.match(sent.json().message, /ocultado/);
    // Hidden from the public API at once, photos frozen, the case urgent and marked.
    assert.equal(await isPublic(target), 404);
    const [row] = await ctx.app.db.select().from(models).where(eq(models.id, target));
    assert.equal(row!.moderationStatus, "held");
    assert.ok(row!.photosFrozenAt);
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, target));
    assert.equal(kase!.priority, 2);
    assert.equal(kase!.autoHidden, true);
    // A system audit row naming the notifier, and one with the notifier as actor.
    const [hold] = await auditOf("moderation.trusted_hold", kase!.id);
    assert.equal(hold?.actor, "sistema");
    assert.equal((hold!.changes as { notifier: string }).notifier, "Conselho Tutelar de Curitiba");
    const [reportAudit] = await auditOf("trusted_notifier.report", sent.json().report.id);
    assert.equal(reportAudit?.actor, "notificador:Conselho Tutelar de Curitiba");
    // E-mails: every admin (urgent, and the hold naming the notifier) and her.
    assert.ok(await lastMail(TEST_ADMIN.email, "Denúncia urgente"));
    const adminHold = await lastMail(TEST_ADMIN.email, "Perfil ocultado por notificador confiável");
    assert.ok(adminHold?.textBody.includes(`/admin/denuncias/${kase!.id}`));
    assert.ok(adminHold?.textBody.includes("Conselho Tutelar de Curitiba"));
    assert.equal(await mailCount(herEmail, "Seu anúncio está em análise"), 1);

    // The admin sees who sent it, and the notifier's list shows it with its state.
    const detail = (await ctx.as(admin).get(`/api/admin/moderation/cases/${kase!.id}`)).json().case;
    assert.equal(detail.reports[0].source, "trusted");
    assert.equal(detail.reports[0].notifier_name, "Conselho Tutelar de Curitiba");
    const own = (await ctx.as(session).get("/api/notifier/reports")).json().reports;
    assert.deepEqual(
      own.map((r: { model_id: number; state: string }) => [r.model_id, r.state]),
      [[target, "held"]],
    );
    const listed = (await ctx.as(admin).get("/api/admin/trusted-notifiers")).json().notifiers;
    const mine = listed.find((n: { id: number }) => n.id === notifier.id);
    assert.equal(mine.status, "active");
    assert.equal(mine.reports, 1);
    assert.ok(mine.last_report_at);

    // Restaurar: the hold ends, audited and e-mailed as for any hold before review.
    const restored = await expectOneAuditRow(ctx.app, "moderation.decide", () =>
      ctx.as(admin).post(`/api/admin/moderation/cases/${kase!.id}/decision`, {
        action: "archive",
        reason: "Denúncia sem fundamento: perfil restaurado.",
        false_reports: true,
      }),
    );
    assert.equal(restored.statusCode, 200, restored.body);
    assert.equal(await isPublic(target), 200);
    assert.equal(await mailCount(herEmail, "Seu anúncio voltou ao ar"), 1);
    const decided = (await ctx.as(session).get("/api/notifier/reports")).json().reports[0];
    assert.equal(decided.state, "decided");
  });

  it("a non-urgent category does not hide: the case goes to a person at high priority", async () => {
    const notifier = await activeNotifier("Defensoria Pública do Paraná");
    const target = await buildModel(ctx.app);
    const sent = await ctx.as(notifier.token).post("/api/notifier/reports", {
      profile: String(target),
      category: "not_the_person",
      description: "A pessoa das fotos procurou a Defensoria: não é ela quem anuncia.",
    });
    assert.equal(sent.statusCode, 201, sent.body);
    assert.equal(sent.json().report.state, "in_review");
    assert.equal(await isPublic(target), 200);
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, target));
    assert.equal(kase!.priority, 1);
    assert.equal(kase!.autoHidden, false);
    // Once a day per profile.
    const again = await ctx.as(notifier.token).post("/api/notifier/reports", {
      profile: String(target),
      category: "minor_or_exploitation",
      description: "Segunda denúncia do mesmo perfil hoje.",
    });
    assert.equal(again.statusCode, 409, again.body);
  });

  it("revoking refuses its token and its sign-in at once, audited; wrong passwords are audited and throttled", async () => {
    const notifier = await activeNotifier("Polícia Civil");
    const revoked = await expectOneAuditRow(ctx.app, "trusted_notifier.revoke", () =>
      ctx.as(admin).post(`/api/admin/trusted-notifiers/${notifier.id}/revoke`),
    );
    assert.equal(revoked.statusCode, 200, revoked.body);
    const refused = await ctx.as(notifier.token).post("/api/notifier/reports", {
      profile: String(await buildModel(ctx.app)),
      category: "minor_or_exploitation",
      description: "Tentativa depois de revogado.",
    });
    assert.equal(refused.statusCode, 401);
    const login = await ctx
      .as(null)
      .post("/api/notifier/login", { email: notifier.email, password: notifier.password });
    assert.equal(login.statusCode, 403);
    assert.equal(login.json().error, TRUSTED_NOTIFIER_REVOKED);
    assert.equal((await ctx.as(admin).post(`/api/admin/trusted-notifiers/${notifier.id}/revoke`)).statusCode, 409);
    assert.equal((await ctx.as(admin).post(`/api/admin/trusted-notifiers/${notifier.id}/invite`)).statusCode, 409);

    const other = await activeNotifier("Ministério Público de SP");
    for (let i = 0; i < 5; i++) {
      const wrong = await ctx.app.inject({
        method: "POST",
        url: "/api/notifier/login",
        payload: { email: other.email, password: "errada-errada-1" },
        remoteAddress: "203.0.113.50",
      });
      assert.equal(wrong.statusCode, 401, wrong.body);
      assert.equal(wrong.json().error, "E-mail ou senha incorretos");
    }
    const throttled = await ctx.app.inject({
      method: "POST",
      url: "/api/notifier/login",
      payload: { email: other.email, password: other.password },
      remoteAddress: "203.0.113.50",
    });
    assert.equal(throttled.statusCode, 429, "the house's backoff after 5 failures");
    const failures = await auditOf("trusted_notifier.sign_in_failed", other.id);
    assert.equal(failures.length, 5);
    assert.equal(failures[0]!.actor, "notificador:Ministério Público de SP");
  });

  it("an invitation can be sent again: the earlier link stops working", async () => {
    const email = uniqueEmail();
    const created = await ctx
      .as(admin)
      .post("/api/admin/trusted-notifiers", { name: "SaferNet", kind: "safernet", email });
    const first = await linkOf(email);
    const again = await expectOneAuditRow(ctx.app, "trusted_notifier.invite", () =>
      ctx.as(admin).post(`/api/admin/trusted-notifiers/${created.json().notifier.id}/invite`),
    );
    assert.equal(again.statusCode, 200, again.body);
    const second = await linkOf(email);
    assert.notEqual(first, second);
    const old = await ctx.as(null).post("/api/notifier/password", { token: first, password: "senha-da-organizacao-1" });
    expectValidationError(old, ["token"], TRUSTED_NOTIFIER_LINK_INVALID);
    const ok = await ctx.as(null).post("/api/notifier/password", { token: second, password: "senha-da-organizacao-1" });
    assert.equal(ok.statusCode, 200, ok.body);
  });

  it("bad input is 400 with details in Portuguese; a taken e-mail is 409", async () => {
    const bad = await ctx.as(admin).post("/api/admin/trusted-notifiers", { name: "", kind: "exercito", email: "x" });
    expectValidationError(bad, ["name", "kind", "email"]);
    const messages = bad.json().details.map((d: { message: string }) => d.message);
    assert.ok(messages.includes("E-mail inválido"), messages.join(" | "));
    assert.ok(messages.includes("Escolha o tipo de organização"), messages.join(" | "));

    const notifier = await activeNotifier("SaferNet Brasil (2)");
    const taken = await ctx.as(admin).post("/api/admin/trusted-notifiers", {
      name: "Outra",
      kind: "outra",
      email: notifier.email.toUpperCase(),
    });
    assert.equal(taken.statusCode, 409, taken.body);

    const short = await ctx.as(notifier.token).post("/api/notifier/reports", {
      profile: "",
      category: "nada",
      description: "curta",
    });
    expectValidationError(short, ["profile", "category", "description"]);
    const unknown = await ctx.as(notifier.token).post("/api/notifier/reports", {
      profile: "https://vitrine.example/pagina-qualquer",
      category: "minor_or_exploitation",
      description: "Um endereço que não é de um perfil.",
    });
    expectValidationError(unknown, ["profile"]);
    assert.equal(unknown.json().details[0].message, TRUSTED_PROFILE_NOT_FOUND);
    const weakPassword = await ctx.as(null).post("/api/notifier/password", { token: "abc", password: "123" });
    expectValidationError(weakPassword, ["password"]);
  });

  it("route matrix: each audience refuses the others' tokens, before reading the body", async () => {
    const notifier = await activeNotifier("SaferNet Brasil (3)");
    const revokedOne = await activeNotifier("Notificador revogado");
    await ctx.as(admin).post(`/api/admin/trusted-notifiers/${revokedOne.id}/revoke`);
    const { token: model } = await registerModel(ctx.app);
    const client = matrixClient(ctx.app);

    const adminCalls: Call[] = [
      { method: "GET", url: "/api/admin/trusted-notifiers", scope: "admin" },
      { method: "POST", url: "/api/admin/trusted-notifiers", scope: "admin", body: {} },
      { method: "POST", url: `/api/admin/trusted-notifiers/${notifier.id}/invite`, scope: "admin", bodyless: true },
      { method: "POST", url: `/api/admin/trusted-notifiers/${notifier.id}/revoke`, scope: "admin", bodyless: true },
    ];
    const notifierCalls: Call[] = [
      { method: "GET", url: "/api/notifier/me", scope: "public" },
      { method: "GET", url: "/api/notifier/reports", scope: "public" },
      { method: "POST", url: "/api/notifier/reports", scope: "public", body: {} },
    ];
    // Forged notifier tokens: its claims signed with the session secret itself (not the notifier key), unsigned,
    // with another subject, and a real one of the revoked notifier.
    const claims = decodeJwt(notifier.token);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString("base64url");
    const [head, , signature] = notifier.token.split(".");
    const forged = {
      "signed with the session secret": await new SignJWT(claims)
        .setProtectedHeader({ alg: "HS256" })
        .sign(new TextEncoder().encode(ctx.config.jwtSecret)),
      "unsigned (alg none)": `${b64({ alg: "none", typ: "JWT" })}.${b64(claims)}.`,
      "another subject": `${head}.${b64({ ...claims, sub: String(revokedOne.id) })}.${signature}`,
      "a revoked notifier's": revokedOne.token,
      garbage: "a.b.c",
    };

    for (const call of adminCalls) {
      const nobody = await client.send(call, null);
      assert.equal(nobody.statusCode, 401, client.label(call, "nobody", nobody));
      const asModel = await client.send(call, model);
      assert.equal(asModel.statusCode, 403, client.label(call, "a model", asModel));
      const asNotifier = await client.send(call, notifier.token);
      assert.equal(asNotifier.statusCode, 401, client.label(call, "a notifier", asNotifier));
    }
    for (const call of notifierCalls) {
      for (const [who, token] of [["nobody", null], ...Object.entries(forged)] as [string, string | null][]) {
        const res = await client.send(call, token);
        assert.equal(res.statusCode, 401, client.label(call, who, res));
        assert.equal(res.json().code, "UNAUTHENTICATED", client.label(call, who, res));
      }
      for (const [who, token] of [
        ["a model", model],
        ["an admin", admin],
      ] as const) {
        const res = await client.send(call, token);
        assert.equal(res.statusCode, 403, client.label(call, who, res));
        assert.equal(res.json().error, TRUSTED_NOTIFIER_ONLY);
      }
      // Unparsable JSON from a caller without the right token: the guard answers first.
      const raw = await client.send(call, model, { raw: "{not json" });
      if (call.method === "POST") assert.equal(raw.statusCode, 403, client.label(call, "a model, raw", raw));
      const ok = await client.send(call, notifier.token);
      assert.ok([200, 400].includes(ok.statusCode), client.label(call, "the notifier", ok));
    }
    // A notifier's token on a model route, and on the signed-in session check.
    assert.equal(
      (await ctx.app.inject({ method: "GET", url: "/api/models/profile", headers: bearer(notifier.token) })).statusCode,
      401,
    );
    assert.equal(
      (await ctx.app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(notifier.token) })).statusCode,
      401,
    );
  });
});
