import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import { passkeys, sessions, twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema";
import { registerModel, setSetting } from "../../test/factories";
import { signedInAdmin } from "../../test/fixtures";
import { TEST_ADMIN } from "../../test/helper";
import { staleProof } from "../../test/recent-proof";
import { accessReviewDue } from "../recent-proof/store";
import { createPasskey, type PasskeyOptions } from "../../test/passkey-authenticator";
import { linkToken, useTestContextWithMail } from "../../test/smtp";
import { totpCode } from "../../test/two-factor";
import { CODE_INVALID } from "../factors/service";
import { CHALLENGE_INVALID, SECOND_STEP_CAP } from "./service";

const { ctx, smtp } = useTestContextWithMail();

// `inject` asks for http://localhost:80; outside production without PUBLIC_URL the request's host is the origin.
const ORIGIN = "http://localhost";
const PASSWORD = "senha-forte-123";
const SITE_SUFFIX = / — .+$/;

/** A request from the network `n` (10.x.n.7: each n its own /24, so its own password budget and backoff). */
const from = (n: number) => `10.${20 + Math.floor(n / 200)}.${n % 200}.7`;
let network = 0;
async function post(url: string, payload: object, opts: { token?: string; ip?: string } = {}) {
  return ctx.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress: opts.ip ?? from(network++),
    headers: opts.token ? { authorization: `Bearer ${opts.token}` } : {},
  });
}
const login = async (email: string) => {
  const res = await post("/api/auth/model/login", { email, password: PASSWORD });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { token?: string; two_factor?: "verify" | "setup"; challenge: string };
};
const mailsTo = (to: string, subject: RegExp) =>
  smtp.received.filter((m) => m.to.includes(to) && subject.test(m.subject));
const liveSessions = (id: number) =>
  ctx.app.db
    .select()
    .from(sessions)
    .where(and(eq(sessions.accountKind, "model"), eq(sessions.accountId, id), isNull(sessions.endedAt)));
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

/** A model with the authenticator app on: her id, e-mail and the app's secret. */
async function modelWithApp(username: string) {
  const model = await registerModel(ctx.app, { email: `${username}@test.local`, username });
  const setup = await post("/api/models/two-factor/setup", {}, { token: model.token });
  assert.equal(setup.statusCode, 200, setup.body);
  const secret = setup.json().secret as string;
  const confirmed = await post("/api/models/two-factor/confirm", { code: totpCode(secret) }, { token: model.token });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return { ...model, email: model.body.email, secret };
}

describe("the per-account cap on wrong second steps (S5)", () => {
  test("wrong codes from many networks meet the cap; then even her right code is refused, and she gets one e-mail", async () => {
    const dora = await modelWithApp("dora_cap");
    // Her current code was spent confirming the app: arrange as if a step had passed.
    await ctx.app.db
      .update(twoFactorSecrets)
      .set({ lastUsedStep: Math.floor(Date.now() / 30_000) - 2 })
      .where(eq(twoFactorSecrets.accountId, dora.id));
    const sessionsBefore = (await liveSessions(dora.id)).length;
    const { challenge } = await login(dora.email);
    const wrong = String((Number(totpCode(dora.secret)) + 500_000) % 1_000_000).padStart(6, "0");
    // One wrong code from each of SECOND_STEP_CAP networks: no network reaches its own backoff.
    for (let i = 0; i < SECOND_STEP_CAP; i++) {
      const res = await post("/api/auth/model/two-factor", { challenge, code: wrong });
      assert.equal(res.statusCode, 401, res.body);
      assert.equal(res.json().error, CODE_INVALID);
    }
    for (const code of [wrong, totpCode(dora.secret)]) {
      const res = await post("/api/auth/model/two-factor", { challenge, code });
      assert.equal(res.statusCode, 429, res.body);
      assert.equal(res.json().code, "RATE_LIMITED");
      assert.match(res.json().error, /Muitos códigos errados nesta conta/);
    }
    const mail = await smtp.waitFor({ to: dora.email, subject: /Muitos códigos errados na sua conta/ });
    assert.match(mail.text, /\/esqueci-senha/);
    await settle();
    assert.equal(mailsTo(dora.email, /Muitos códigos errados/).length, 1, "one e-mail per window");
    assert.equal((await liveSessions(dora.id)).length, sessionsBefore, "no session was started past the cap");
  });
});

describe("one first set-up per set-up challenge (S4)", () => {
  before(async () => {
    await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "true");
  });
  after(async () => {
    await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "false");
  });

  /** Her factors, unused recovery codes and sessions, counted. */
  async function counts(id: number) {
    const keys = await ctx.app.db
      .select()
      .from(passkeys)
      .where(and(eq(passkeys.accountKind, "model"), eq(passkeys.accountId, id)));
    const apps = await ctx.app.db
      .select()
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.accountKind, "model"), eq(twoFactorSecrets.accountId, id)));
    const codes = await ctx.app.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.accountKind, "model"), eq(twoFactorRecoveryCodes.accountId, id)));
    const started = await liveSessions(id);
    return {
      factors: keys.length + apps.filter((a) => a.confirmedAt).length,
      codes: codes.length,
      sessions: started.length,
    };
  }

  /** A passkey set-up answer for the set-up challenge (its own WebAuthn challenge each time). */
  async function passkeyAnswer(challenge: string) {
    const options = await post("/api/auth/model/two-factor/setup/passkey/options", { challenge });
    assert.equal(options.statusCode, 200, options.body);
    return createPasskey((options.json() as { options: PasskeyOptions }).options, ORIGIN).response;
  }

  function expectOneWinner(results: { statusCode: number; body: string; json(): { error: string } }[]) {
    const ok = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode !== 200);
    assert.equal(ok.length, 1, results.map((r) => `${r.statusCode} ${r.body}`).join("\n"));
    assert.equal(refused.length, 1);
    assert.equal(refused[0].statusCode, 401, refused[0].body);
    assert.equal(refused[0].json().error, CHALLENGE_INVALID);
  }

  test("two passkey set-ups at once with one challenge give one passkey, one set of codes, one session", async () => {
    const eva = await registerModel(ctx.app, { email: "eva_s4@test.local", username: "eva_s4" });
    const before = await counts(eva.id);
    const { challenge, two_factor } = await login(eva.body.email);
    assert.equal(two_factor, "setup");
    const [a, b] = [await passkeyAnswer(challenge), await passkeyAnswer(challenge)];
    const url = "/api/auth/model/two-factor/setup/passkey";
    const results = await Promise.all([
      post(url, { challenge, name: "Celular", response: a }),
      post(url, { challenge, name: "Notebook", response: b }),
    ]);
    expectOneWinner(results);
    const after = await counts(eva.id);
    assert.deepEqual(after, { factors: 1, codes: 10, sessions: before.sessions + 1 });
    // The codes answered are the ones that work.
    const codes = results.find((r) => r.statusCode === 200)!.json().recovery_codes as string[];
    const next = await login(eva.body.email);
    const signedIn = await post("/api/auth/model/two-factor", { challenge: next.challenge, code: codes[0] });
    assert.equal(signedIn.statusCode, 200, signedIn.body);
  });

  test("the app's first code and a passkey at once with one challenge give one factor and one session", async () => {
    const fia = await registerModel(ctx.app, { email: "fia_s4@test.local", username: "fia_s4" });
    const before = await counts(fia.id);
    const { challenge } = await login(fia.body.email);
    const setup = await post("/api/auth/model/two-factor/setup", { challenge });
    assert.equal(setup.statusCode, 200, setup.body);
    const response = await passkeyAnswer(challenge);
    const results = await Promise.all([
      post("/api/auth/model/two-factor/confirm", { challenge, code: totpCode(setup.json().secret) }),
      post("/api/auth/model/two-factor/setup/passkey", { challenge, name: "Celular", response }),
    ]);
    expectOneWinner(results);
    assert.deepEqual(await counts(fia.id), { factors: 1, codes: 10, sessions: before.sessions + 1 });
  });
});

describe("each sensitive change e-mails her", () => {
  test("a passkey added: the exact subject, a link to her settings and to a new password", async () => {
    const gal = await registerModel(ctx.app, { email: "gal_mail@test.local", username: "gal_mail" });
    const options = await post("/api/models/passkeys/options", {}, { token: gal.token });
    const created = createPasskey((options.json() as { options: PasskeyOptions }).options, ORIGIN);
    const added = await post(
      "/api/models/passkeys",
      { name: "Celular", response: created.response },
      { token: gal.token },
    );
    assert.equal(added.statusCode, 201, added.body);
    const mail = await smtp.waitFor({ to: gal.body.email, subject: /chave de acesso foi adicionada/ });
    assert.equal(mail.subject.replace(SITE_SUFFIX, ""), "Uma chave de acesso foi adicionada à sua conta");
    assert.match(mail.text, /\/dashboard\/configuracoes/);
    assert.match(mail.text, /Se não foi você, troque sua senha/);
    assert.match(mail.text, /\/esqueci-senha/);
  });

  test("the password changed", async () => {
    const hel = await registerModel(ctx.app, { email: "hel_mail@test.local", username: "hel_mail" });
    const res = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/account/password",
      payload: { current_password: PASSWORD, new_password: "outra-senha-456" },
      headers: { authorization: `Bearer ${hel.token}` },
    });
    assert.equal(res.statusCode, 200, res.body);
    const mail = await smtp.waitFor({ to: hel.body.email, subject: /senha da sua conta foi alterada/ });
    assert.match(mail.text, /Se não foi você, troque sua senha/);
  });

  test("the e-mail changed: once the new address is confirmed, the old address is told", async () => {
    const ivy = await registerModel(ctx.app, { email: "ivy_old@test.local", username: "ivy_mail" });
    const res = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/account/email",
      payload: { current_password: PASSWORD, email: "ivy_new@test.local" },
      headers: { authorization: `Bearer ${ivy.token}` },
    });
    assert.equal(res.statusCode, 200, res.body);
    const link = linkToken(await smtp.waitFor({ to: "ivy_new@test.local", subject: /Confirme/ }), "/confirmar-email");
    assert.equal(mailsTo("ivy_old@test.local", /e-mail da sua conta foi alterado/).length, 0, "not before it changed");
    const confirmed = await post("/api/auth/email/confirm", { token: link });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const mail = await smtp.waitFor({ to: "ivy_old@test.local", subject: /e-mail da sua conta foi alterado/ });
    assert.match(mail.text, /\/esqueci-senha/);
    assert.equal(mailsTo("ivy_new@test.local", /e-mail da sua conta foi alterado/).length, 0);
  });
});

describe("sensitive changes ask for a recent proof", () => {
  test("with a stale proof every factor, password and e-mail change of a model and an admin is refused (403)", async () => {
    const jo = await registerModel(ctx.app, { email: "jo_proof@test.local", username: "jo_proof" });
    await staleProof(ctx.app, jo.token);
    const admin = await signedInAdmin(ctx);
    await staleProof(ctx.app, admin);
    const routes: [string, string, string][] = [
      [jo.token, "POST", "/api/models/passkeys/options"],
      [jo.token, "POST", "/api/models/passkeys"],
      [jo.token, "DELETE", "/api/models/passkeys/1"],
      [jo.token, "POST", "/api/models/two-factor/setup"],
      [jo.token, "POST", "/api/models/two-factor/confirm"],
      [jo.token, "POST", "/api/models/two-factor/recovery-codes"],
      [jo.token, "POST", "/api/models/two-factor/replace"],
      [jo.token, "POST", "/api/models/two-factor/disable"],
      [jo.token, "PUT", "/api/models/account/password"],
      [jo.token, "PUT", "/api/models/account/email"],
      [admin, "POST", "/api/admin/passkeys/options"],
      [admin, "POST", "/api/admin/two-factor/recovery-codes"],
      [admin, "PUT", "/api/admin/account"],
    ];
    for (const [token, method, url] of routes) {
      const res = await ctx.app.inject({
        method: method as "POST",
        url,
        payload: {},
        remoteAddress: from(network++),
        headers: { authorization: `Bearer ${token}` },
      });
      assert.equal(res.statusCode, 403, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().code, "RECENT_PROOF_REQUIRED", `${method} ${url}`);
    }
  });
});

describe("a password reset", () => {
  test("e-mails her that the password changed and makes her access review due", async () => {
    const kim = await registerModel(ctx.app, { email: "kim_reset@test.local", username: "kim_reset" });
    const forgot = await post("/api/auth/password/forgot", { email: kim.body.email, role: "model" });
    assert.equal(forgot.statusCode, 200, forgot.body);
    const token = linkToken(await smtp.waitFor({ to: kim.body.email, subject: /nova senha/ }), "/redefinir-senha");
    assert.equal(await accessReviewDue(ctx.app.db, { kind: "model", id: kim.id }), false);
    const reset = await post("/api/auth/password/reset", { token, password: "nova-senha-789" });
    assert.equal(reset.statusCode, 200, reset.body);
    assert.equal(await accessReviewDue(ctx.app.db, { kind: "model", id: kim.id }), true);
    await smtp.waitFor({ to: kim.body.email, subject: /senha da sua conta foi alterada/ });
  });
});

// Last in the file: it changes the test admin's own e-mail and password.
describe("an admin's own sensitive changes e-mail her too", () => {
  test("her e-mail and password changed: the address she had is told of both", async () => {
    const admin = await signedInAdmin(ctx);
    const res = await ctx.app.inject({
      method: "PUT",
      url: "/api/admin/account",
      payload: {
        current_password: TEST_ADMIN.password,
        email: "chefe@test.local",
        new_password: "outra-senha-admin-1",
      },
      headers: { authorization: `Bearer ${admin}` },
    });
    assert.equal(res.statusCode, 200, res.body);
    const changed = await smtp.waitFor({ to: TEST_ADMIN.email, subject: /e-mail da sua conta foi alterado/ });
    assert.match(changed.text, /\/admin\/settings/);
    assert.match(changed.text, /\/esqueci-senha\?conta=admin/);
    await smtp.waitFor({ to: TEST_ADMIN.email, subject: /senha da sua conta foi alterada/ });
    assert.equal(mailsTo("chefe@test.local", /alterad/).length, 0, "never to the new address");
  });
});
