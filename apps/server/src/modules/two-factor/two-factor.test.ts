import assert from "node:assert/strict";
import { TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";
import { describe, test } from "node:test";
import { and, eq } from "drizzle-orm";
import { loadConfig } from "../../config";
import { admins, twoFactorSecrets } from "../../db/schema";
import { openFile } from "../../lib/file-cipher";
import { countAuditRows, expectOneAuditRow } from "../../test/admin-support";
import { loginAdmin, registerModel, setSetting } from "../../test/factories";
import { createPasskey, type PasskeyOptions } from "../../test/passkey-authenticator";
import { hashPassword } from "../../lib/passwords";
import { TEST_ADMIN } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { rememberSecret, totpCode } from "../../test/two-factor";
import { CHALLENGE_INVALID, signChallenge } from "../sign-in/pending";
import { CODE_INVALID } from "./routes";
import { twoFactorKey } from "../factors/service";

const ctx = useTestContext();

const post = (url: string, body: object) => ctx.as(null).post(url, body);
const adminLogin = async () => {
  const res = await post("/api/auth/admin/login", TEST_ADMIN);
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { token?: string; two_factor: string; challenge: string };
};
function expect401(res: { statusCode: number; json(): { error: string; code: string } }, error: string) {
  assert.equal(res.statusCode, 401);
  assert.equal(res.json().code, "UNAUTHENTICATED");
  assert.equal(res.json().error, error);
}
/**
 * As if 30 seconds had passed since the last code was accepted (a code is usable once): the account's last accepted
 * step is moved back, so the current code is a new one. Waiting for the clock would cost up to 30 s per test.
 */
const forgetLastStep = (kind: "admin" | "model") =>
  ctx.app.db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: Math.floor(Date.now() / 30_000) - 2 })
    .where(eq(twoFactorSecrets.accountKind, kind));

let adminSecret = "";
let recovery: string[] = [];

describe("admins must set up two-step sign-in", () => {
  test("the first sign-in gives no session, only the set-up of the authenticator; a wrong code is refused", async () => {
    const first = await adminLogin();
    assert.equal(first.token, undefined);
    assert.equal(first.two_factor, "setup");
    // The challenge is not a session.
    assert.equal((await ctx.as(first.challenge).get("/api/auth/verify")).statusCode, 401);
    // A set-up challenge does not open the code step.
    expect401(
      await post("/api/auth/admin/two-factor", { challenge: first.challenge, code: "123456" }),
      CHALLENGE_INVALID,
    );

    const setup = await post("/api/auth/admin/two-factor/setup", { challenge: first.challenge });
    assert.equal(setup.statusCode, 200, setup.body);
    const { secret, otpauth_uri } = setup.json();
    assert.match(secret, /^[A-Z2-7]{32}$/);
    assert.match(otpauth_uri, /^otpauth:\/\/totp\/Vitrine:admin%40test\.local\?/);
    assert.ok(otpauth_uri.includes(`secret=${secret}`));

    // At rest the secret is sealed (AES-256-GCM under TWO_FACTOR_KEY), never in clear.
    const [row] = await ctx.app.db.select().from(twoFactorSecrets).where(eq(twoFactorSecrets.accountKind, "admin"));
    assert.ok(!row.secretSealed.includes(secret));
    const opened = openFile(twoFactorKey(ctx.config), Buffer.from(row.secretSealed, "base64")).toString("utf8");
    assert.equal(opened, secret);

    const audits = await countAuditRows(ctx.app);
    const wrong = String((Number(totpCode(secret)) + 1) % 1_000_000).padStart(6, "0");
    expect401(
      await post("/api/auth/admin/two-factor/confirm", { challenge: first.challenge, code: wrong }),
      CODE_INVALID,
    );
    assert.equal(await countAuditRows(ctx.app), audits, "nothing is written for a wrong code");

    const confirmed = await expectOneAuditRow(ctx.app, "two_factor.enable", () =>
      post("/api/auth/admin/two-factor/confirm", { challenge: first.challenge, code: totpCode(secret) }),
    );
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const json = confirmed.json();
    assert.equal(json.user.email, TEST_ADMIN.email);
    assert.equal(json.recovery_codes.length, 10);
    assert.equal(new Set(json.recovery_codes).size, 10);
    assert.equal((await ctx.as(json.token).get("/api/admin/settings")).statusCode, 200);
    adminSecret = secret;
    recovery = json.recovery_codes;
    // From here on the helpers (loginAdmin) use this authenticator too.
    rememberSecret(ctx.app, "admin", json.user.id, secret);

    // Once set up, the authenticator is not replaced through a set-up challenge.
    const again = await adminLogin();
    assert.equal(again.two_factor, "verify");
    expect401(await post("/api/auth/admin/two-factor/setup", { challenge: again.challenge }), CHALLENGE_INVALID);
  });

  test("a TOTP code works once: replayed (even with a new challenge) it is refused", async () => {
    await forgetLastStep("admin");
    const code = totpCode(adminSecret);
    const first = await post("/api/auth/admin/two-factor", { challenge: (await adminLogin()).challenge, code });
    assert.equal(first.statusCode, 200, first.body);
    assert.equal((await ctx.as(first.json().token).get("/api/auth/verify")).statusCode, 200);
    expect401(
      await post("/api/auth/admin/two-factor", { challenge: (await adminLogin()).challenge, code }),
      CODE_INVALID,
    );
  });

  test("a recovery code works once; reused it is refused", async () => {
    const code = recovery[0];
    const first = await post("/api/auth/admin/two-factor", { challenge: (await adminLogin()).challenge, code });
    assert.equal(first.statusCode, 200, first.body);
    const reused = await post("/api/auth/admin/two-factor", { challenge: (await adminLogin()).challenge, code });
    expect401(reused, CODE_INVALID);
    // Typed in capitals and without the dash, another one still works.
    const loose = recovery[1].replace("-", "").toUpperCase();
    const second = await post("/api/auth/admin/two-factor", { challenge: (await adminLogin()).challenge, code: loose });
    assert.equal(second.statusCode, 200, second.body);
  });

  test("a forged, expired, foreign or outdated challenge is refused", async () => {
    const [admin] = await ctx.app.db.select().from(admins).where(eq(admins.email, TEST_ADMIN.email));
    const claims = {
      role: "admin" as const,
      id: admin.id,
      sessionVersion: admin.sessionVersion,
      purpose: "verify" as const,
    };
    const code = "000000";
    const cases: Record<string, string> = {
      garbage: "nao-e-um-desafio",
      "another key": await signChallenge("outro-segredo", claims),
      expired: await signChallenge(ctx.config.jwtSecret, claims, Date.now() - 6 * 60_000),
      "a model's challenge": await signChallenge(ctx.config.jwtSecret, { ...claims, role: "model" }),
      "an older session version": await signChallenge(ctx.config.jwtSecret, {
        ...claims,
        sessionVersion: admin.sessionVersion - 1,
      }),
    };
    for (const [name, challenge] of Object.entries(cases)) {
      const res = await post("/api/auth/admin/two-factor", { challenge, code });
      assert.equal(res.statusCode, 401, name);
      assert.equal(res.json().error, CHALLENGE_INVALID, name);
    }
    // A session token is not a challenge either.
    await forgetLastStep("admin");
    const session = await post("/api/auth/admin/two-factor", {
      challenge: (await adminLogin()).challenge,
      code: totpCode(adminSecret),
    });
    expect401(await post("/api/auth/admin/two-factor", { challenge: session.json().token, code }), CHALLENGE_INVALID);
  });
});

describe("TWO_FACTOR_KEY", () => {
  test("production requires it (32 bytes); elsewhere a key derived from the server secret is used", () => {
    const base = {
      DATA_DIR: ctx.config.dataDir,
      PUBLIC_URL: "https://vitrine.example",
      AGE_ASSURANCE: "self-declaration",
      NODE_ENV: "production",
      JWT_SECRET: "x".repeat(40),
      MODERATION_EVIDENCE_KEY: "11".repeat(32),
      VERIFICATION_FILES_KEY: "22".repeat(32),
    };
    assert.throws(() => loadConfig(base), /TWO_FACTOR_KEY é obrigatória/);
    assert.throws(() => loadConfig({ ...base, NODE_ENV: "development", TWO_FACTOR_KEY: "abcd" }), /32 bytes/);
    const key = loadConfig({ ...base, NODE_ENV: "development", TWO_FACTOR_KEY: "33".repeat(32) }).twoFactorKey;
    assert.deepEqual(key, Buffer.alloc(32, 0x33));
    assert.equal(twoFactorKey({ jwtSecret: "s", twoFactorKey: undefined }).length, 32);
  });
});

describe("advertisers: two-step sign-in offered", () => {
  test("set up from Configurações; then her sign-in takes the code", async () => {
    const model = await registerModel(ctx.app);
    const me = ctx.as(model.token);
    assert.deepEqual((await me.get("/api/models/two-factor")).json(), {
      enabled: false,
      totp: false,
      recovery_codes_left: 0,
      required: false,
    });
    const direct = await post("/api/auth/model/login", { email: model.body.email, password: model.body.password });
    assert.ok(direct.json().token, "without two-step sign-in the password is enough");

    const { secret } = (await me.post("/api/models/two-factor/setup")).json();
    const bad = await me.post("/api/models/two-factor/confirm", { code: "12345" });
    assert.equal(bad.statusCode, 400);
    const confirmed = await me.post("/api/models/two-factor/confirm", { code: totpCode(secret) });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.json().recovery_codes.length, 10);
    assert.deepEqual((await me.get("/api/models/two-factor")).json(), {
      enabled: true,
      totp: true,
      recovery_codes_left: 10,
      required: false,
    });
    assert.equal((await me.post("/api/models/two-factor/setup")).statusCode, 409, "not replaced silently");

    const login = await post("/api/auth/model/login", { email: model.body.email, password: model.body.password });
    assert.equal(login.statusCode, 200);
    assert.equal(login.json().token, undefined);
    assert.equal(login.json().two_factor, "verify");
    // An admin's route does not take a model's challenge.
    expect401(
      await post("/api/auth/admin/two-factor", { challenge: login.json().challenge, code: "000000" }),
      CHALLENGE_INVALID,
    );
    await forgetLastStep("model");
    const done = await post("/api/auth/model/two-factor", {
      challenge: login.json().challenge,
      code: totpCode(secret),
    });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().model.id, model.id);
    assert.equal((await ctx.as(done.json().token).get("/api/models/profile")).statusCode, 200);
    const [row] = await ctx.app.db
      .select()
      .from(twoFactorSecrets)
      .where(and(eq(twoFactorSecrets.accountKind, "model"), eq(twoFactorSecrets.accountId, model.id)));
    assert.ok(row.confirmedAt);
  });
});

describe("advertisers: an admin can make it mandatory", () => {
  test("with the setting on, her next sign-in sets up the authenticator before any session", async () => {
    const model = await registerModel(ctx.app);
    const credentials = { email: model.body.email, password: model.body.password };
    const admin = await loginAdmin(ctx.app);
    const bad = await ctx
      .as(admin)
      .post("/api/admin/settings", { setting_key: TWO_FACTOR_REQUIRED_SETTING, setting_value: "sim" });
    assert.equal(bad.statusCode, 400, bad.body);
    const on = await ctx
      .as(admin)
      .post("/api/admin/settings", { setting_key: TWO_FACTOR_REQUIRED_SETTING, setting_value: "true" });
    assert.equal(on.statusCode, 201, on.body);

    const login = await post("/api/auth/model/login", credentials);
    assert.equal(login.json().token, undefined);
    assert.equal(login.json().two_factor, "setup");
    const { challenge } = login.json();
    const { secret } = (await post("/api/auth/model/two-factor/setup", { challenge })).json();
    const done = await post("/api/auth/model/two-factor/confirm", { challenge, code: totpCode(secret) });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().model.id, model.id);
    assert.equal(done.json().recovery_codes.length, 10);
    assert.equal((await ctx.as(done.json().token).get("/api/models/profile")).statusCode, 200);
    assert.equal((await post("/api/auth/model/login", credentials)).json().two_factor, "verify");
    // Her challenge does not set up an admin's authenticator.
    expect401(await post("/api/auth/admin/two-factor/setup", { challenge }), CHALLENGE_INVALID);
  });
});

describe("the first set-up with a passkey instead of the app", () => {
  type Options = PasskeyOptions & { rp: { id: string } };
  /** The set-up step's passkey: its options for `challenge`, then the software authenticator's answer. */
  async function passkeyAnswer(role: "admin" | "model", challenge: string) {
    const options = await post(`/api/auth/${role}/two-factor/setup/passkey/options`, { challenge });
    assert.equal(options.statusCode, 200, options.body);
    return createPasskey((options.json() as { options: Options }).options, "http://localhost").response;
  }

  test("an advertiser where it is mandatory: the passkey, ten recovery codes and the session; the challenge is spent", async () => {
    await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "true");
    const model = await registerModel(ctx.app);
    const credentials = { email: model.body.email, password: model.body.password };
    const login = await post("/api/auth/model/login", credentials);
    assert.equal(login.json().two_factor, "setup", login.body);
    const { challenge } = login.json();
    const response = await passkeyAnswer("model", challenge);

    // Not with another role's route, nor without a name, nor with a forged challenge.
    expect401(
      await post("/api/auth/admin/two-factor/setup/passkey", { challenge, name: "Celular", response }),
      CHALLENGE_INVALID,
    );
    const unnamed = await post("/api/auth/model/two-factor/setup/passkey", { challenge, name: " ", response });
    assert.equal(unnamed.statusCode, 400, unnamed.body);
    const forged = await signChallenge("outro-segredo-com-mais-de-32-caracteres", {
      role: "model",
      id: model.id,
      sessionVersion: 0,
      purpose: "setup",
    });
    expect401(
      await post("/api/auth/model/two-factor/setup/passkey", { challenge: forged, name: "Celular", response }),
      CHALLENGE_INVALID,
    );

    const done = await post("/api/auth/model/two-factor/setup/passkey", { challenge, name: "Celular", response });
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().model.id, model.id);
    assert.equal(done.json().recovery_codes.length, 10);
    assert.equal((await ctx.as(done.json().token).get("/api/models/profile")).statusCode, 200);
    const passkeys = (await ctx.as(done.json().token).get("/api/models/passkeys")).json().passkeys;
    assert.deepEqual(
      passkeys.map((p: { name: string }) => p.name),
      ["Celular"],
    );

    // The set-up challenge is spent: neither a second passkey nor the app through it, and her sign-in asks for it.
    expect401(await post("/api/auth/model/two-factor/setup/passkey/options", { challenge }), CHALLENGE_INVALID);
    expect401(await post("/api/auth/model/two-factor/setup", { challenge }), CHALLENGE_INVALID);
    const next = await post("/api/auth/model/login", credentials);
    assert.equal(next.json().two_factor, "verify");
    assert.deepEqual(next.json().methods, ["passkey", "recovery_code"]);
    await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "false");
  });

  test("a new admin: the passkey is audited, and an answer to another challenge adds nothing", async () => {
    const password = "outra-senha-forte-123";
    const [admin] = await ctx.app.db
      .insert(admins)
      .values({ username: "segunda", email: "segunda@test.local", passwordHash: await hashPassword(password) })
      .returning();
    const login = await post("/api/auth/admin/login", { email: admin.email, password });
    assert.equal(login.json().two_factor, "setup", login.body);
    const { challenge } = login.json();
    const response = await passkeyAnswer("admin", challenge);

    // An answer made for options never handed out (another challenge's bytes) is refused and adds nothing.
    const stray = createPasskey(
      { challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA", rp: { id: "localhost" }, user: { id: "eA" } },
      "http://localhost",
    ).response;
    const audits = await countAuditRows(ctx.app);
    const refused = await post("/api/auth/admin/two-factor/setup/passkey", {
      challenge,
      name: "Outra",
      response: stray,
    });
    assert.ok(refused.statusCode >= 400 && refused.statusCode < 500, refused.body);
    assert.equal(await countAuditRows(ctx.app), audits);

    const done = await expectOneAuditRow(ctx.app, "passkey.add", () =>
      post("/api/auth/admin/two-factor/setup/passkey", { challenge, name: "Notebook", response }),
    );
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(done.json().user.id, admin.id);
    assert.equal(done.json().recovery_codes.length, 10);
    assert.equal((await ctx.as(done.json().token).get("/api/admin/two-factor")).json().enabled, true);
  });
});
