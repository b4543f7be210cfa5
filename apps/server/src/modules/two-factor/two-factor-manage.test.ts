import assert from "node:assert/strict";
import { TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";
import { describe, test } from "node:test";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { settings, twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema";
import { expectOneAuditRow } from "../../test/admin-support";
import { loginAdmin, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { phoneSecret, totpCode } from "../../test/two-factor";
import { CODE_INVALID, TWO_FACTOR_MANDATORY } from "./routes";

const ctx = useTestContext();

const post = (url: string, body: object) => ctx.as(null).post(url, body);
/** As if a new 30-second step had begun since her last accepted code (a code is usable once). */
const forgetLastStep = (kind: "admin" | "model", id: number) =>
  ctx.app.db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: null })
    .where(and(eq(twoFactorSecrets.accountKind, kind), eq(twoFactorSecrets.accountId, id)));
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
function expect400(res: { statusCode: number; json(): { error: string } }, error = CODE_INVALID) {
  assert.equal(res.statusCode, 400, JSON.stringify(res.json()));
  assert.equal(res.json().error, error);
}

/** An advertiser with her authenticator set up from Configurações: her token, secret and recovery codes. */
async function modelWithTwoFactor() {
  const model = await registerModel(ctx.app);
  const me = ctx.as(model.token);
  const { secret } = (await me.post("/api/models/two-factor/setup")).json();
  const confirmed = await me.post("/api/models/two-factor/confirm", { code: totpCode(secret) });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return { model, me, secret: secret as string, recovery: confirmed.json().recovery_codes as string[] };
}

/** Her sign-in with the second step; answers the HTTP response of the code step. */
async function signIn(credentials: { email: string; password: string }, code: string) {
  const login = await post("/api/auth/model/login", credentials);
  assert.equal(login.json().two_factor, "verify", login.body);
  return post("/api/auth/model/two-factor", { challenge: login.json().challenge, code });
}

describe("new recovery codes on demand", () => {
  test("an advertiser confirms with a current code; the old codes stop working; the code is not replayed", async () => {
    const { model, me, secret, recovery } = await modelWithTwoFactor();
    const credentials = { email: model.body.email, password: model.body.password };
    await forgetLastStep("model", model.id);
    const code = totpCode(secret);
    expect400(await me.post("/api/models/two-factor/recovery-codes", { code: wrongCode(code) }));
    const fresh = await me.post("/api/models/two-factor/recovery-codes", { code });
    assert.equal(fresh.statusCode, 200, fresh.body);
    const codes = fresh.json().recovery_codes as string[];
    assert.equal(codes.length, 10);
    assert.ok(codes.every((c) => !recovery.includes(c)));
    // The same TOTP code again is a replay.
    expect400(await me.post("/api/models/two-factor/recovery-codes", { code }));
    // An old recovery code no longer signs in, nor confirms; a new one does.
    assert.equal((await signIn(credentials, recovery[0])).statusCode, 401);
    expect400(await me.post("/api/models/two-factor/recovery-codes", { code: recovery[1] }));
    assert.equal((await signIn(credentials, codes[0])).statusCode, 200);
    // A recovery code confirms too (and is spent by it).
    const again = await me.post("/api/models/two-factor/recovery-codes", { code: codes[1] });
    assert.equal(again.statusCode, 200, again.body);
    assert.equal((await signIn(credentials, again.json().recovery_codes[0])).statusCode, 200);
  });

  test("without two-step sign-in on, there is nothing to confirm with (400)", async () => {
    const model = await registerModel(ctx.app);
    expect400(await ctx.as(model.token).post("/api/models/two-factor/recovery-codes", { code: "123456" }));
  });

  test("an admin's are audited; her old codes stop working", async () => {
    const token = await loginAdmin(ctx.app);
    const adminId = Number(decodeJwt(token).sub);
    const before = await ctx.app.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.accountKind, "admin"));
    await forgetLastStep("admin", adminId);
    const code = totpCode(phoneSecret(ctx.app, "admin", adminId)!);
    expect400(await ctx.as(token).post("/api/admin/two-factor/recovery-codes", { code: wrongCode(code) }));
    const fresh = await expectOneAuditRow(ctx.app, "two_factor.recovery_codes", () =>
      ctx.as(token).post("/api/admin/two-factor/recovery-codes", { code }),
    );
    assert.equal(fresh.statusCode, 200, fresh.body);
    assert.equal(fresh.json().recovery_codes.length, 10);
    const after = await ctx.app.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(eq(twoFactorRecoveryCodes.accountKind, "admin"));
    assert.equal(after.length, 10);
    assert.ok(after.every((row) => !before.some((old) => old.codeHash === row.codeHash)));
    // A model's token is not an admin's.
    const model = await registerModel(ctx.app);
    assert.equal((await ctx.as(model.token).post("/api/admin/two-factor/recovery-codes", { code })).statusCode, 403);
  });
});

describe("switching two-step sign-in off", () => {
  test("an advertiser: her password and a current code; the secret and codes are gone; other sessions end", async () => {
    const { model, me, secret } = await modelWithTwoFactor();
    const credentials = { email: model.body.email, password: model.body.password };
    await forgetLastStep("model", model.id);
    const other = await signIn(credentials, totpCode(secret));
    assert.equal(other.statusCode, 200, other.body);
    const otherToken = other.json().token as string;

    await forgetLastStep("model", model.id);
    const code = totpCode(secret);
    const wrongPassword = await me.post("/api/models/two-factor/disable", { password: "errada-123456", code });
    assert.equal(wrongPassword.statusCode, 400, wrongPassword.body);
    expect400(
      await me.post("/api/models/two-factor/disable", { password: credentials.password, code: wrongCode(code) }),
    );
    const off = await me.post("/api/models/two-factor/disable", { password: credentials.password, code });
    assert.equal(off.statusCode, 204, off.body);
    // Replayed, the code finds nothing left to switch off.
    expect400(await me.post("/api/models/two-factor/disable", { password: credentials.password, code }));

    assert.deepEqual((await me.get("/api/models/two-factor")).json(), {
      enabled: false,
      totp: false,
      recovery_codes_left: 0,
      required: false,
    });
    const mine = (table: typeof twoFactorSecrets | typeof twoFactorRecoveryCodes) =>
      ctx.app.db
        .select()
        .from(table)
        .where(and(eq(table.accountKind, "model"), eq(table.accountId, model.id)));
    assert.equal((await mine(twoFactorSecrets)).length, 0);
    assert.equal((await mine(twoFactorRecoveryCodes)).length, 0);
    assert.equal((await ctx.as(otherToken).get("/api/models/profile")).statusCode, 401, "other session ended");
    assert.equal((await me.get("/api/models/profile")).statusCode, 200, "this one goes on");
    const login = await post("/api/auth/model/login", credentials);
    assert.ok(login.json().token, "the password is enough again");
  });

  test("an admin cannot (403)", async () => {
    const token = await loginAdmin(ctx.app);
    const res = await ctx.as(token).post("/api/models/two-factor/disable", { password: "x", code: "123456" });
    assert.equal(res.statusCode, 403);
  });

  test("an advertiser cannot while an admin made it mandatory (403)", async () => {
    const { model, me, secret } = await modelWithTwoFactor();
    const admin = await loginAdmin(ctx.app);
    const on = await ctx
      .as(admin)
      .post("/api/admin/settings", { setting_key: TWO_FACTOR_REQUIRED_SETTING, setting_value: "true" });
    assert.equal(on.statusCode, 201, on.body);
    try {
      await forgetLastStep("model", model.id);
      const res = await me.post("/api/models/two-factor/disable", {
        password: model.body.password,
        code: totpCode(secret),
      });
      assert.equal(res.statusCode, 403, res.body);
      assert.equal(res.json().error, TWO_FACTOR_MANDATORY);
      assert.deepEqual((await me.get("/api/models/two-factor")).json(), {
        enabled: true,
        totp: true,
        recovery_codes_left: 10,
        required: true,
      });
    } finally {
      const [row] = await ctx.app.db
        .select()
        .from(settings)
        .where(eq(settings.settingKey, TWO_FACTOR_REQUIRED_SETTING));
      await ctx.as(admin).put(`/api/admin/settings/${row.id}`, { value: "false" });
    }
  });
});

describe("replacing the authenticator (a new phone)", () => {
  test("with a current code: a new secret, set up as the first time; the old phone's codes stop working", async () => {
    const { model, me, secret, recovery } = await modelWithTwoFactor();
    const credentials = { email: model.body.email, password: model.body.password };
    await forgetLastStep("model", model.id);
    const code = totpCode(secret);
    expect400(await me.post("/api/models/two-factor/replace", { code: wrongCode(code) }));
    const replaced = await me.post("/api/models/two-factor/replace", { code: recovery[0] });
    assert.equal(replaced.statusCode, 200, replaced.body);
    const newSecret = replaced.json().secret as string;
    assert.notEqual(newSecret, secret);
    assert.ok(replaced.json().qr_data_url.startsWith("data:image/png;base64,"));
    // Without a current code it cannot be restarted by someone holding only the session.
    expect400(await me.post("/api/models/two-factor/replace", { code: recovery[0] }));

    const confirmed = await me.post("/api/models/two-factor/confirm", { code: totpCode(newSecret) });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    const codes = confirmed.json().recovery_codes as string[];
    assert.equal(codes.length, 10);
    assert.equal((await signIn(credentials, recovery[1])).statusCode, 401, "old recovery codes refused");
    assert.equal((await signIn(credentials, totpCode(secret))).statusCode, 401, "old phone refused");
    await forgetLastStep("model", model.id);
    assert.equal((await signIn(credentials, totpCode(newSecret))).statusCode, 200);
  });
});
