import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { FORGOT_PASSWORD_ANSWER } from "@vitrine/contracts";
import { eq, sql } from "drizzle-orm";
import { admins, emailTokens, mailOutbox, models } from "../../db/schema";
import { hashPassword } from "../../lib/passwords";
import {
  bearer,
  buildModel,
  buildRegistration,
  loginAdmin,
  makeVisible,
  registerModel,
  setSetting,
} from "../../test/factories";
import { mailOutboxJob } from "../../jobs/mail-outbox";
import { planExpiryJob } from "../../jobs/plan-expiry";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { freePort } from "../../test/free-port";
import { createTestContext, TEST_ADMIN } from "../../test/helper";
import { linkToken, useTestContextWithMail, type LocalSmtp, startLocalSmtp } from "../../test/smtp";
import { FORGOT_PASSWORD_MIN_MS } from "../account/links";
import { hashLinkToken } from "./tokens";
import { assertMailForProduction, SMTP_UNSET_MESSAGE } from "./production";
import { startDemoInbox } from "../../fake-smtp/demo-inbox";
import { isModelVisible } from "../models/publish";
import { deliverDueMail, MAIL_MAX_ATTEMPTS, mailerOf } from "./outbox";

const { ctx, smtp } = useTestContextWithMail();
before(async () => {
  await setSetting(ctx.app, "mp_access_token_test", "TEST-fake-token");
});

const forgot = (email: string, role: "model" | "admin" = "model") =>
  ctx.as(null).post("/api/auth/password/forgot", { email, role });
const reset = (token: string, password: string) => ctx.as(null).post("/api/auth/password/reset", { token, password });
const login = (email: string, password: string) => ctx.as(null).post("/api/auth/model/login", { email, password });
const expire = (token: string) =>
  ctx.app.db
    .update(emailTokens)
    .set({ expiresAt: sql`now() - interval '1 second'` })
    .where(eq(emailTokens.tokenHash, hashLinkToken(token)));

describe("e-mail confirmation", () => {
  test("an account the admin registers gets the link too, and is public only once she opens it", async () => {
    const admin = await loginAdmin(ctx.app);
    const email = `pelaadmin${Date.now()}@example.com`;
    const res = await ctx.as(admin).post("/api/admin/models", {
      username: `pelaadmin${Date.now()}`,
      name: "Cadastrada Pela Admin",
      email,
      password: "senha-forte-123",
      age: 30,
      estado_id: 35,
      municipio_id: 3550308,
      category_id: 1,
      whatsapp: "(11) 98888-7777",
    });
    assert.equal(res.statusCode, 201, res.body);
    const id = res.json().model.id as number;
    const mail = await smtp.waitFor({ to: email, subject: /Confirme seu e-mail/ });
    await makeVisible(ctx.app, id);
    assert.equal(await isModelVisible({ db: ctx.app.db, modelId: id }), false);
    const ok = await ctx.as(null).post("/api/auth/email/confirm", { token: linkToken(mail, "/confirmar-email") });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal(await isModelVisible({ db: ctx.app.db, modelId: id }), true);
  });

  test("registration sends a link; until it is opened she cannot pay or be public; it works once", async () => {
    const email = `confirma${Date.now()}@example.com`;
    const { token, id } = await registerModel(ctx.app, { email }, { confirmed: false });
    const mail = await smtp.waitFor({ to: email, subject: /Confirme seu e-mail/ });
    assert.match(mail.subject, /— Vitrine$/);
    assert.match(mail.html, /Confirmar e-mail/);
    assert.equal((await ctx.as(token).get("/api/auth/verify")).json().model.email_confirmed, false);

    const pay = await ctx.as(token).post("/api/payments/model/pix", {});
    assert.equal(pay.statusCode, 403, pay.body);
    assert.equal(pay.json().code, "EMAIL_UNCONFIRMED");
    // Verified, active and paid, but not confirmed: not public.
    await makeVisible(ctx.app, id);
    assert.equal(await isModelVisible({ db: ctx.app.db, modelId: id }), false);
    const profile = (await ctx.as(token).get("/api/models/profile")).json().model;
    assert.ok(profile.visibility.reasons.some((r: { code: string }) => r.code === "email_unconfirmed"));

    const link = linkToken(mail, "/confirmar-email");
    const stored = await ctx.app.db.select().from(emailTokens).where(eq(emailTokens.modelId, id));
    assert.ok(
      stored.every((row) => row.tokenHash !== link),
      "only a hash of the token is stored",
    );
    const ok = await ctx.as(null).post("/api/auth/email/confirm", { token: link });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await ctx.as(token).get("/api/auth/verify")).json().model.email_confirmed, true);
    assert.equal(await isModelVisible({ db: ctx.app.db, modelId: id }), true);

    const again = await ctx.as(null).post("/api/auth/email/confirm", { token: link });
    assert.equal(again.statusCode, 400);
    assert.match(again.json().error, /expirou ou já foi usado/);
  });

  test("an expired link is refused; 'reenviar' sends a new one that works, and then says it is confirmed", async () => {
    const email = `reenvia${Date.now()}@example.com`;
    const { token } = await registerModel(ctx.app, { email }, { confirmed: false });
    const first = linkToken(await smtp.waitFor({ to: email, subject: /Confirme/ }), "/confirmar-email");
    await expire(first);
    assert.equal((await ctx.as(null).post("/api/auth/email/confirm", { token: first })).statusCode, 400);

    const before = smtp.received.length;
    const resend = await ctx.as(token).post("/api/models/account/email/resend");
    assert.equal(resend.statusCode, 200, resend.body);
    for (let i = 0; i < 100 && smtp.received.length === before; i++) await new Promise((r) => setTimeout(r, 20));
    const second = linkToken(smtp.received.at(-1)!, "/confirmar-email");
    assert.notEqual(second, first);
    assert.equal((await ctx.as(null).post("/api/auth/email/confirm", { token: second })).statusCode, 200);
    const done = await ctx.as(token).post("/api/models/account/email/resend");
    assert.equal(done.statusCode, 409);
  });

  test("a garbage token is a 400 naming the field, never a 500", async () => {
    const res = await ctx.as(null).post("/api/auth/email/confirm", { token: "não é token" });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().details[0].path, "token");
  });
});

describe("Esqueci minha senha", () => {
  test("the same answer, no sooner than the floor, whether or not the e-mail has an account", async () => {
    const { body } = await registerModel(ctx.app);
    const timed = async (email: string) => {
      const started = Date.now();
      const res = await forgot(email);
      return { res, ms: Date.now() - started };
    };
    const known = await timed(body.email);
    const unknown = await timed("ninguem-aqui@example.com");
    for (const { res, ms } of [known, unknown]) {
      assert.equal(res.statusCode, 200);
      assert.deepEqual(res.json(), { message: FORGOT_PASSWORD_ANSWER });
      assert.ok(ms >= FORGOT_PASSWORD_MIN_MS - 5, `answered in ${ms} ms`);
    }
    assert.ok(Math.abs(known.ms - unknown.ms) < 250, `${known.ms} ms vs ${unknown.ms} ms`);
    await smtp.waitFor({ to: body.email, subject: /nova senha/ });
    assert.equal(smtp.received.filter((m) => m.to.includes("ninguem-aqui")).length, 0);
  });

  test("the link sets a new password once, ends every session, and works for its own account only", async () => {
    const a = await registerModel(ctx.app);
    const b = await registerModel(ctx.app);
    await forgot(a.body.email);
    const link = linkToken(await smtp.waitFor({ to: a.body.email, subject: /nova senha/ }), "/redefinir-senha");

    const short = await reset(link, "123");
    assert.equal(short.statusCode, 400);
    const done = await reset(link, "nova-senha-forte-1");
    assert.equal(done.statusCode, 200, done.body);
    assert.deepEqual(done.json(), { role: "model" });
    // Her old session ended; the new password works; the other account is untouched.
    assert.equal((await ctx.as(a.token).get("/api/auth/verify")).statusCode, 401);
    assert.equal((await login(a.body.email, "nova-senha-forte-1")).statusCode, 200);
    assert.equal((await login(a.body.email, a.body.password)).statusCode, 401);
    assert.equal((await ctx.as(b.token).get("/api/auth/verify")).statusCode, 200);
    assert.equal((await login(b.body.email, b.body.password)).statusCode, 200);

    const reused = await reset(link, "outra-senha-forte-2");
    assert.equal(reused.statusCode, 400);
    assert.match(reused.json().error, /expirou ou já foi usado/);
    assert.equal((await login(a.body.email, "nova-senha-forte-1")).statusCode, 200);
  });

  test("an expired link, a confirmation link and a superseded link do not reset", async () => {
    const { body } = await registerModel(ctx.app, buildRegistration(), { confirmed: false });
    const confirm = linkToken(await smtp.waitFor({ to: body.email, subject: /Confirme/ }), "/confirmar-email");
    assert.equal((await reset(confirm, "nova-senha-forte-1")).statusCode, 400);

    await forgot(body.email);
    const first = linkToken(await smtp.waitFor({ to: body.email, subject: /nova senha/ }), "/redefinir-senha");
    await expire(first);
    assert.equal((await reset(first, "nova-senha-forte-1")).statusCode, 400);

    const count = smtp.received.length;
    await forgot(body.email);
    for (let i = 0; i < 100 && smtp.received.length === count; i++) await new Promise((r) => setTimeout(r, 20));
    const second = linkToken(smtp.received.at(-1)!, "/redefinir-senha");
    await forgot(body.email);
    // A newer link replaces the one before it.
    assert.equal((await reset(second, "nova-senha-forte-1")).statusCode, 400);
    assert.equal((await login(body.email, body.password)).statusCode, 200);
  });

  test("the admin login page resets an admin's password and signs the admin out everywhere", async () => {
    const session = await loginAdmin(ctx.app);
    await forgot(TEST_ADMIN.email, "admin");
    const link = linkToken(await smtp.waitFor({ to: TEST_ADMIN.email, subject: /nova senha/ }), "/redefinir-senha");
    const done = await reset(link, "admin-nova-senha-9");
    assert.deepEqual(done.json(), { role: "admin" });
    assert.equal(
      (await ctx.app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(session) })).statusCode,
      401,
    );
    const again = await ctx.as(null).post("/api/auth/admin/login", { ...TEST_ADMIN, password: "admin-nova-senha-9" });
    assert.equal(again.statusCode, 200);
    // Later tests sign in with the usual password.
    await ctx.app.db.update(admins).set({ passwordHash: await hashPassword(TEST_ADMIN.password) });
    assert.equal(again.json().two_factor, "verify", "the new password leads to the second step");
  });

  test("asking spends the password budget: too many answer 429", async () => {
    const limited = await createTestContext({ authRateLimit: 2 });
    try {
      const ask = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/password/forgot",
          payload: { email: "x@example.com" },
          remoteAddress: "203.0.113.7",
        });
      assert.equal((await ask()).statusCode, 200);
      assert.equal((await ask()).statusCode, 200);
      assert.equal((await ask()).statusCode, 429);
    } finally {
      await limited.close();
    }
  });
});

describe("the outbox", () => {
  test("a message whose send fails is kept, retried with backoff, and the action is not lost", async () => {
    const port = await freePort();
    // Nothing listens yet: the SMTP server is down when she asks.
    const down = await createTestContext({ smtpUrl: `smtp://127.0.0.1:${port}` });
    let later: LocalSmtp | undefined;
    try {
      const { body } = await registerModel(down.app);
      const asked = await down.as(null).post("/api/auth/password/forgot", { email: body.email });
      assert.equal(asked.statusCode, 200);
      const row = async () => {
        const rows = await down.app.db.select().from(mailOutbox).where(eq(mailOutbox.kind, "reset"));
        return rows[0];
      };
      for (let i = 0; i < 200 && !(await row())?.lastError; i++) await new Promise((r) => setTimeout(r, 25));
      const failed = await row();
      assert.equal(failed.status, "pending");
      assert.equal(failed.attempts, 1);
      assert.ok(failed.lastError);
      assert.ok(failed.nextAttemptAt.getTime() > Date.now() + 30_000, "retried later, not at once");

      // Not due yet: nothing is tried.
      assert.deepEqual(await deliverDueMail({ db: down.app.db, mailer: mailerOf(down.app) }), {
        sent: 0,
        retried: 0,
        failed: 0,
      });
      later = await startLocalSmtp(port);
      const due = new Date(failed.nextAttemptAt.getTime() + 1000);
      const outcome = await deliverDueMail({ db: down.app.db, mailer: mailerOf(down.app), now: due });
      // Both messages the outage held: her confirmation at registration and the reset link.
      assert.equal(outcome.sent, 2);
      const mail = await later.waitFor({ to: body.email, subject: /nova senha/ });
      assert.equal((await row()).status, "sent");
      assert.equal((await row()).textBody, "", "a sent message keeps no link");
      // The link of the late message still works.
      const done = await down.as(null).post("/api/auth/password/reset", {
        token: linkToken(mail, "/redefinir-senha"),
        password: "nova-senha-forte-1",
      });
      assert.equal(done.statusCode, 200, done.body);
    } finally {
      await down.close();
      await later?.close();
    }
  });

  test("a message the server keeps refusing is given up after the last attempt and shows as failed", async () => {
    smtp.refuse(true);
    try {
      const { body } = await registerModel(ctx.app);
      await ctx.app.db.delete(mailOutbox).where(eq(mailOutbox.status, "pending"));
      await forgot(body.email);
      let at = new Date();
      for (let i = 0; i < MAIL_MAX_ATTEMPTS + 1; i++) {
        at = new Date(at.getTime() + 2 * 60 * 60_000);
        await deliverDueMail({ db: ctx.app.db, mailer: mailerOf(ctx.app), now: at });
      }
      const [row] = await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, body.email));
      assert.equal(row.status, "failed");
      assert.equal(row.attempts, MAIL_MAX_ATTEMPTS);
      assert.match(row.lastError ?? "", /Tente mais tarde|451/);
      // A month later the job deletes it, and the used or expired links of a day before.
      await mailOutboxJob.run({ app: ctx.app, now: new Date(Date.now() + 31 * 24 * 60 * 60_000), state: {} });
      assert.equal((await ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.id, row.id))).length, 0);
    } finally {
      smtp.refuse(false);
    }
  });
});

describe("notification switches", () => {
  test("she reads and saves which notifications she gets", async () => {
    const { token } = await registerModel(ctx.app);
    const read = await ctx.as(token).get("/api/models/account/notifications");
    assert.deepEqual(read.json(), { plan: true, payment: true, verification: true, moderation: true });
    const saved = await ctx
      .as(token)
      .put("/api/models/account/notifications", { plan: true, payment: false, verification: true, moderation: false });
    assert.deepEqual(saved.json(), { plan: true, payment: false, verification: true, moderation: false });
    const [row] = await ctx.app.db
      .select()
      .from(models)
      .where(eq(models.email, (await ctx.as(token).get("/api/auth/verify")).json().model.email));
    assert.deepEqual(row.emailNotificationsOff, ["payment", "moderation"]);
    assert.equal((await ctx.as(token).put("/api/models/account/notifications", { plan: "sim" })).statusCode, 400);
  });
});

describe("notification e-mails", () => {
  const mailsTo = async (modelId: number) => {
    const [model] = await ctx.app.db.select().from(models).where(eq(models.id, modelId));
    return ctx.app.db.select().from(mailOutbox).where(eq(mailOutbox.toAddress, model.email));
  };

  test("the plan-expiry job writes 'expires in 3 days' and 'expired', unless she switched plan e-mails off", async () => {
    const expired = await buildModel(ctx.app, { validDays: 0 });
    const expiring = await buildModel(ctx.app, { validDays: 3 });
    const later = await buildModel(ctx.app, { validDays: 4 });
    const quiet = await buildModel(ctx.app, { validDays: 3, emailNotificationsOff: ["plan"] });
    await planExpiryJob.run({ app: ctx.app, now: new Date(), state: {} });
    const [gone] = await mailsTo(expired);
    assert.equal(gone.subject, "Seu plano venceu — Vitrine");
    const [soon] = await mailsTo(expiring);
    assert.equal(soon.subject, "Seu plano vence em 3 dias — Vitrine");
    assert.match(soon.textBody, /vence em \d{2}\/\d{2}\/\d{4}/);
    assert.equal((await mailsTo(later)).length, 0);
    assert.equal((await mailsTo(quiet)).length, 0);
    // The same day again announces nothing twice.
    await planExpiryJob.run({ app: ctx.app, now: new Date(), state: { lastAnnouncedDay: todayInSaoPaulo() } });
    assert.equal((await mailsTo(expiring)).length, 1);
  });

  test("a payment marked paid tells her, once, with the new due date; switched off, nothing", async () => {
    const admin = await loginAdmin(ctx.app);
    const pay = (modelId: number) =>
      ctx.as(admin).post(`/api/admin/models/${modelId}/payments`, {
        amount: 50,
        method: "cash",
        due_date: addDays(todayInSaoPaulo(), 30),
        status: "paid",
      });
    const paid = await buildModel(ctx.app, { validDays: null });
    assert.equal((await pay(paid)).statusCode, 201);
    const [mail] = await mailsTo(paid);
    assert.equal(mail.kind, "payment");
    assert.match(mail.textBody, /Seu plano vale até/);
    const quiet = await buildModel(ctx.app, { validDays: null, emailNotificationsOff: ["payment"] });
    assert.equal((await pay(quiet)).statusCode, 201);
    assert.equal((await mailsTo(quiet)).length, 0);
  });

  test("a sign-in from a new device and network tells her; the same device again does not", async () => {
    const { id, body } = await registerModel(ctx.app);
    const signIn = (ua: string, ip: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/model/login",
        payload: { email: body.email, password: body.password },
        headers: { "user-agent": ua },
        remoteAddress: ip,
      });
    const phone =
      "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
    const newSignIns = async () => (await mailsTo(id)).filter((m) => m.subject.startsWith("Novo acesso"));
    assert.equal((await signIn("lightMyRequest", "127.0.0.1")).statusCode, 200);
    assert.equal((await newSignIns()).length, 0, "the device she registered with is known");
    assert.equal((await signIn(phone, "198.51.100.7")).statusCode, 200);
    const [mail] = await newSignIns();
    assert.equal(mail.kind, "security");
    assert.match(mail.textBody, /Dispositivo: .*Android/);
    assert.equal((await signIn(phone, "198.51.100.7")).statusCode, 200);
    assert.equal((await newSignIns()).length, 1);
  });
});

describe("production", () => {
  test("production refuses to start without SMTP_URL; elsewhere messages wait", () => {
    assert.throws(() => assertMailForProduction({ smtpUrl: "" }, true), { message: SMTP_UNSET_MESSAGE });
    assert.doesNotThrow(() => assertMailForProduction({ smtpUrl: "smtps://u:p@smtp.example:465" }, true));
    assert.doesNotThrow(() => assertMailForProduction({ smtpUrl: "" }, false));
  });

  test("the demo inbox refuses NODE_ENV=production", async () => {
    const before = process.env.NODE_ENV;
    process.env.NODE_ENV = "production";
    try {
      await assert.rejects(startDemoInbox({ smtpPort: 0, httpPort: 0 }), /não pode rodar com NODE_ENV=production/);
    } finally {
      process.env.NODE_ENV = before;
    }
  });
});
