import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { and, eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { twoFactorSecrets } from "../../db/schema";
import { countAuditRows, expectOneAuditRow } from "../../test/admin-support";
import { loginAdmin, registerModel } from "../../test/factories";
import { TEST_ADMIN } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { createPasskey } from "../../test/passkey-authenticator";
import { phoneSecret, rememberSecret, totpCode } from "../../test/two-factor";
import { CODE_INVALID, TWO_FACTOR_MANDATORY } from "./routes";

/**
 * The admin's own two-step sign-in in her Configurações (/api/admin/two-factor): her status, a new phone, and
 * removing the app once a passkey is her second factor. Its own file: these tests change the one test admin's
 * authenticator.
 */
const ctx = useTestContext();
let token: string;
let adminId: number;
before(async () => {
  token = await signedInAdmin(ctx);
  adminId = Number(decodeJwt(token).sub);
});

const BASE = "/api/admin/two-factor";
/** As if a new 30-second step had begun since her last accepted code (a code is usable once). */
const forgetLastStep = () =>
  ctx.app.db
    .update(twoFactorSecrets)
    .set({ lastUsedStep: null })
    .where(and(eq(twoFactorSecrets.accountKind, "admin"), eq(twoFactorSecrets.accountId, adminId)));
const currentCode = async () => {
  await forgetLastStep();
  return totpCode(phoneSecret(ctx.app, "admin", adminId)!);
};
const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, "0");
const status = async () => (await ctx.as(token).get(BASE)).json();

/** Her sign-in with the password and `code` as the second step: the code step's status. */
async function signIn(code: string) {
  const login = await ctx.as(null).post("/api/auth/admin/login", TEST_ADMIN);
  assert.equal(login.json().two_factor, "verify", login.body);
  const res = await ctx.as(null).post("/api/auth/admin/two-factor", { challenge: login.json().challenge, code });
  return res.statusCode;
}

describe("an admin's two-step sign-in in Configurações", () => {
  test("her status: on, with the app and ten codes, mandatory; only her own token reads it", async () => {
    assert.deepEqual(await status(), { enabled: true, totp: true, recovery_codes_left: 10, required: true });
    assert.equal((await ctx.as(null).get(BASE)).statusCode, 401);
    const model = await registerModel(ctx.app);
    for (const path of ["", "/setup", "/confirm", "/replace", "/disable", "/recovery-codes"]) {
      const res = path ? await ctx.as(model.token).post(`${BASE}${path}`, {}) : await ctx.as(model.token).get(BASE);
      assert.equal(res.statusCode, 403, `${path}: ${res.body}`);
    }
    // An admin's token on the advertisers' routes is refused the same way.
    assert.equal((await ctx.as(token).get("/api/models/two-factor")).statusCode, 403);
  });

  test("a new phone: a current code, then the new app's first code; both audited, the old phone refused", async () => {
    const oldSecret = phoneSecret(ctx.app, "admin", adminId)!;
    const code = await currentCode();
    assert.equal((await ctx.as(token).post(`${BASE}/replace`, { code: wrongCode(code) })).statusCode, 400);
    const replaced = await expectOneAuditRow(ctx.app, "two_factor.replace", () =>
      ctx.as(token).post(`${BASE}/replace`, { code }),
    );
    assert.equal(replaced.statusCode, 200, replaced.body);
    const secret = replaced.json().secret as string;
    assert.notEqual(secret, oldSecret);
    assert.ok(replaced.json().qr_data_url.startsWith("data:image/png;base64,"));

    // A wrong first code changes nothing and writes no audit row.
    const rows = await countAuditRows(ctx.app);
    const wrong = await ctx.as(token).post(`${BASE}/confirm`, { code: wrongCode(totpCode(secret)) });
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.equal(wrong.json().error, CODE_INVALID);
    assert.equal(await countAuditRows(ctx.app), rows);

    const confirmed = await expectOneAuditRow(ctx.app, "two_factor.enable", () =>
      ctx.as(token).post(`${BASE}/confirm`, { code: totpCode(secret) }),
    );
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal(confirmed.json().recovery_codes.length, 10);
    rememberSecret(ctx.app, "admin", adminId, secret);
    await forgetLastStep();
    assert.equal(await signIn(totpCode(oldSecret)), 401, "the old phone's code");
    assert.equal(await signIn(await currentCode()), 200, "the new phone's code");
  });

  test("the app cannot be removed while it is her only second factor (403), whatever she types", async () => {
    const res = await ctx
      .as(token)
      .post(`${BASE}/disable`, { password: TEST_ADMIN.password, code: await currentCode() });
    assert.equal(res.statusCode, 403, res.body);
    assert.equal(res.json().error, TWO_FACTOR_MANDATORY);
    assert.deepEqual(await status(), { enabled: true, totp: true, recovery_codes_left: 10, required: true });
  });

  test("with a passkey she removes the app: password and code, audited; other sessions end; the passkey remains", async () => {
    const options = await ctx.as(token).post("/api/admin/passkeys/options");
    assert.equal(options.statusCode, 200, options.body);
    const { response } = createPasskey(options.json().options, "http://localhost");
    const added = await ctx.as(token).post("/api/admin/passkeys", { name: "Notebook", response });
    assert.equal(added.statusCode, 201, added.body);
    const other = await loginAdmin(ctx.app);

    const code = await currentCode();
    const wrongPassword = await ctx.as(token).post(`${BASE}/disable`, { password: "errada-123456", code });
    assert.equal(wrongPassword.statusCode, 400, wrongPassword.body);
    assert.equal(wrongPassword.json().details[0].path, "password");
    const wrong = await ctx.as(token).post(`${BASE}/disable`, { password: TEST_ADMIN.password, code: wrongCode(code) });
    assert.equal(wrong.statusCode, 400, wrong.body);
    const off = await expectOneAuditRow(ctx.app, "two_factor.remove_app", () =>
      ctx.as(token).post(`${BASE}/disable`, { password: TEST_ADMIN.password, code }),
    );
    assert.equal(off.statusCode, 204, off.body);

    assert.deepEqual(await status(), { enabled: true, totp: false, recovery_codes_left: 10, required: true });
    assert.equal((await ctx.as(other).get(BASE)).statusCode, 401, "her other session ended");
    const login = await ctx.as(null).post("/api/auth/admin/login", TEST_ADMIN);
    assert.deepEqual(login.json().methods, ["passkey", "recovery_code"], "no longer the app");
    // Her last second factor now: the passkey cannot go.
    const [passkey] = (await ctx.as(token).get("/api/admin/passkeys")).json().passkeys;
    const remove = await ctx.as(token).delete(`/api/admin/passkeys/${passkey.id}`, { password: TEST_ADMIN.password });
    assert.equal(remove.statusCode, 403, remove.body);

    // The app added again, as the first time: audited too.
    const setup = await expectOneAuditRow(ctx.app, "two_factor.setup_start", () => ctx.as(token).post(`${BASE}/setup`));
    assert.equal(setup.statusCode, 200, setup.body);
    const confirmed = await ctx.as(token).post(`${BASE}/confirm`, { code: totpCode(setup.json().secret) });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.deepEqual(await status(), { enabled: true, totp: true, recovery_codes_left: 10, required: true });
  });
});
