import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { expectOneAuditRow } from "../../test/admin-support";
import { and, eq } from "drizzle-orm";
import { TWO_FACTOR_REQUIRED_SETTING } from "@vitrine/contracts";
import { twoFactorRecoveryCodes, twoFactorSecrets } from "../../db/schema";
import { loginAdmin, registerModel, setSetting } from "../../test/factories";
import { TEST_ADMIN } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { assertPasskey, createPasskey, type SoftPasskey } from "../../test/passkey-authenticator";
import { totpCode } from "../../test/two-factor";
import { RECOVERY_CODE_COUNT, TWO_FACTOR_MANDATORY } from "../factors/service";
import { CHALLENGE_INVALID, signChallenge } from "../sign-in/service";
import { PASSKEY_FAILED, PASSKEY_UNKNOWN } from "../factors/service";

const ctx = useTestContext();

// `inject` asks for http://localhost:80; outside production without PUBLIC_URL the request's host is the origin.
const ORIGIN = "http://localhost";
type Options = { challenge: string; rp: { id: string }; user: { id: string }; rpId: string };

function expect401(res: { statusCode: number; body: string; json(): { error: string } }, error: string) {
  assert.equal(res.statusCode, 401, res.body);
  assert.equal(res.json().error, error);
}

/** Adds a passkey to the signed-in account at `base` (/api/models/passkeys or /api/admin/passkeys). */
async function addPasskey(token: string, base: string, name = "Meu celular") {
  const options = await ctx.as(token).post(`${base}/options`);
  assert.equal(options.statusCode, 200, options.body);
  const created = createPasskey((options.json() as { options: Options }).options, ORIGIN);
  const res = await ctx.as(token).post(base, { name, response: created.response });
  return { res, ...created };
}

/** Signs in at /api/auth/{role}/passkey with `passkey` (after the password when `challenge` is given). */
async function signInWith(role: "admin" | "model", passkey: SoftPasskey, challenge?: string) {
  const options = await ctx.as(null).post(`/api/auth/${role}/passkey/options`, challenge ? { challenge } : {});
  assert.equal(options.statusCode, 200, options.body);
  const response = assertPasskey(passkey, (options.json() as { options: Options }).options, ORIGIN);
  const res = await ctx.as(null).post(`/api/auth/${role}/passkey`, { ...(challenge ? { challenge } : {}), response });
  return { res, response };
}

/** The password of every model the factories register. */
const PASSWORD = "senha-forte-123";

/** The password step of `role`'s sign-in (the answer: a session, or the second step with its methods). */
async function passwordStep(role: "admin" | "model", email: string, password = PASSWORD) {
  const res = await ctx.as(null).post(`/api/auth/${role}/login`, { email, password });
  assert.equal(res.statusCode, 200, res.body);
  return res.json() as { token?: string; two_factor?: "verify" | "setup"; challenge?: string; methods?: string[] };
}

const verifyChallenge = (role: "admin" | "model", id: number) =>
  signChallenge(ctx.app.config.jwtSecret, { role, id, sessionVersion: 0, purpose: "verify" });

describe("passkeys", () => {
  let alice: { token: string; id: number };
  let bruna: { token: string; id: number };
  let alicePasskey: SoftPasskey;
  let brunaPasskey: SoftPasskey;

  before(async () => {
    alice = await registerModel(ctx.app, { email: "alice@test.local", username: "alice_pk" });
    bruna = await registerModel(ctx.app, { email: "bruna@test.local", username: "bruna_pk" });
  });

  test("without a session the passkey routes answer 401", async () => {
    for (const [method, url] of [
      ["get", "/api/models/passkeys"],
      ["post", "/api/models/passkeys/options"],
      ["get", "/api/admin/passkeys"],
      ["post", "/api/admin/passkeys/options"],
    ] as const) {
      const res = await ctx.as(null)[method](url);
      assert.equal(res.statusCode, 401, `${method} ${url}`);
    }
  });

  test("she registers a passkey (a real attestation, verified) and sees it listed; the answer cannot be replayed", async () => {
    const added = await addPasskey(alice.token, "/api/models/passkeys");
    assert.equal(added.res.statusCode, 201, added.res.body);
    alicePasskey = added.passkey;
    const list = await ctx.as(alice.token).get("/api/models/passkeys");
    assert.equal(list.statusCode, 200);
    const [row] = list.json().passkeys;
    assert.equal(row.name, "Meu celular");
    assert.equal(row.last_used_at, null);
    assert.ok(row.created_at);

    // The same answer again: its challenge was spent.
    expect401(
      await ctx.as(alice.token).post("/api/models/passkeys", { name: "De novo", response: added.response }),
      PASSKEY_FAILED,
    );
    // Another account cannot spend her challenge: options for Alice, the answer sent by Bruna.
    const options = await ctx.as(alice.token).post("/api/models/passkeys/options");
    const stolen = createPasskey(options.json().options, ORIGIN);
    expect401(
      await ctx.as(bruna.token).post("/api/models/passkeys", { name: "X", response: stolen.response }),
      PASSKEY_FAILED,
    );

    const other = await addPasskey(bruna.token, "/api/models/passkeys", "Notebook");
    assert.equal(other.res.statusCode, 201, other.res.body);
    brunaPasskey = other.passkey;
  });

  test("an unreadable answer is 401, never a 500", async () => {
    const garbage = { id: "AAAA", rawId: "AAAA", type: "public-key", response: { clientDataJSON: "bm9wZQ" } };
    expect401(await ctx.as(null).post("/api/auth/model/passkey", { response: garbage }), PASSKEY_UNKNOWN);
    const known = { ...garbage, id: Buffer.from(alicePasskey.id).toString("base64url") };
    expect401(await ctx.as(null).post("/api/auth/model/passkey", { response: known }), PASSKEY_FAILED);
  });

  test("a signature made with another key is refused", async () => {
    const forged = { ...alicePasskey, privateKey: brunaPasskey.privateKey };
    expect401((await signInWith("model", forged)).res, PASSKEY_FAILED);
  });

  test("she signs in without password (a session like the password's); the same assertion replayed is refused", async () => {
    const { res, response } = await signInWith("model", alicePasskey);
    assert.equal(res.statusCode, 200, res.body);
    const body = res.json() as { token: string; model: { id: number } };
    assert.equal(body.model.id, alice.id);
    const verify = await ctx.as(body.token).get("/api/auth/verify");
    assert.equal(verify.statusCode, 200, verify.body);
    assert.ok((await ctx.as(body.token).get("/api/models/sessions")).json().sessions.length >= 1);
    const [row] = (await ctx.as(alice.token).get("/api/models/passkeys")).json().passkeys;
    assert.ok(row.last_used_at, "last used is recorded");

    expect401(await ctx.as(null).post("/api/auth/model/passkey", { response }), PASSKEY_FAILED);
  });

  test("a signature counter that went back (a cloned authenticator) is refused", async () => {
    const clone = { ...alicePasskey, counter: 0 };
    expect401((await signInWith("model", clone)).res, PASSKEY_FAILED);
  });

  test("as the second step, only her own passkey opens the session", async () => {
    const challenge = await verifyChallenge("model", alice.id);
    // Bruna's passkey after Alice's password: refused.
    expect401((await signInWith("model", brunaPasskey, challenge)).res, PASSKEY_UNKNOWN);
    // A model's passkey on the admins' sign-in: refused.
    expect401((await signInWith("admin", alicePasskey)).res, PASSKEY_UNKNOWN);
    const ok = await signInWith("model", alicePasskey, challenge);
    assert.equal(ok.res.statusCode, 200, ok.res.body);
    assert.equal(ok.res.json().model.id, alice.id);
    // A forged password-step challenge is refused before any passkey is asked.
    expect401(await ctx.as(null).post("/api/auth/model/passkey/options", { challenge: "nope" }), CHALLENGE_INVALID);
  });

  test("she removes her passkey (not another's); then it no longer signs in", async () => {
    const [brunaRow] = (await ctx.as(bruna.token).get("/api/models/passkeys")).json().passkeys;
    assert.equal((await ctx.as(alice.token).delete(`/api/models/passkeys/${brunaRow.id}`)).statusCode, 404);
    const [row] = (await ctx.as(alice.token).get("/api/models/passkeys")).json().passkeys;
    // Her last second factor: removing it switches two-step sign-in off, so her password is asked.
    const removed = await ctx.as(alice.token).delete(`/api/models/passkeys/${row.id}`, { password: PASSWORD });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.deepEqual((await ctx.as(alice.token).get("/api/models/passkeys")).json().passkeys, []);
    expect401((await signInWith("model", alicePasskey)).res, PASSKEY_UNKNOWN);
  });

  test("an admin adds and removes a passkey, each audited, and signs in with it", async () => {
    const admin = await loginAdmin(ctx.app);
    const options = await expectOneAuditRow(ctx.app, "passkey.add_start", () =>
      ctx.as(admin).post("/api/admin/passkeys/options"),
    );
    const { passkey, response } = createPasskey((options.json() as { options: Options }).options, ORIGIN);
    const added = await expectOneAuditRow(ctx.app, "passkey.add", () =>
      ctx.as(admin).post("/api/admin/passkeys", { name: "Chave USB", response }),
    );
    assert.equal(added.statusCode, 201, added.body);
    const signedIn = await signInWith("admin", passkey);
    assert.equal(signedIn.res.statusCode, 200, signedIn.res.body);
    assert.ok(signedIn.res.json().user);
    const [row] = (await ctx.as(admin).get("/api/admin/passkeys")).json().passkeys;
    await expectOneAuditRow(ctx.app, "passkey.remove", async () => {
      assert.equal((await ctx.as(admin).delete(`/api/admin/passkeys/${row.id}`)).statusCode, 200);
    });
  });
});

describe("a passkey is a second factor", () => {
  let carol: { token: string; id: number; body: { email: string } };
  let carolKeys: SoftPasskey[] = [];
  let codes: string[] = [];

  before(async () => {
    carol = await registerModel(ctx.app, { email: "carol@test.local", username: "carol_pk" });
  });

  test("her first passkey turns two-step sign-in on and brings ten recovery codes, shown once", async () => {
    assert.ok((await passwordStep("model", carol.body.email)).token, "without a second factor: a session at once");
    const first = await addPasskey(carol.token, "/api/models/passkeys", "Celular");
    assert.equal(first.res.statusCode, 201, first.res.body);
    codes = first.res.json().recovery_codes;
    assert.equal(codes.length, RECOVERY_CODE_COUNT);
    const second = await addPasskey(carol.token, "/api/models/passkeys", "Notebook");
    assert.equal(second.res.statusCode, 201, second.res.body);
    assert.equal(second.res.json().recovery_codes, undefined, "codes are given once, not per passkey");
    carolKeys = [first.passkey, second.passkey];

    const status = (await ctx.as(carol.token).get("/api/models/two-factor")).json();
    assert.deepEqual(status, { enabled: true, totp: false, recovery_codes_left: RECOVERY_CODE_COUNT, required: false });
  });

  test("her password alone opens nothing: the second step offers a passkey or a recovery code, not the app", async () => {
    const step = await passwordStep("model", carol.body.email);
    assert.equal(step.token, undefined);
    assert.equal(step.two_factor, "verify");
    assert.deepEqual(step.methods, ["passkey", "recovery_code"]);
    // No authenticator app: a 6-digit code is refused.
    const code = await ctx.as(null).post("/api/auth/model/two-factor", { challenge: step.challenge, code: "123456" });
    assert.equal(code.statusCode, 401, code.body);
    const viaPasskey = await signInWith("model", carolKeys[0], step.challenge);
    assert.equal(viaPasskey.res.statusCode, 200, viaPasskey.res.body);

    const again = await passwordStep("model", carol.body.email);
    const viaCode = await ctx
      .as(null)
      .post("/api/auth/model/two-factor", { challenge: again.challenge, code: codes[0] });
    assert.equal(viaCode.statusCode, 200, viaCode.body);
    assert.equal(viaCode.json().model.id, carol.id);
  });

  test("with the app too, the second step offers all three", async () => {
    const setup = await ctx.as(carol.token).post("/api/models/two-factor/setup");
    const pending = await passwordStep("model", carol.body.email);
    assert.deepEqual(pending.methods, ["passkey", "recovery_code"], "an app not yet confirmed is no second step");
    const confirmed = await ctx.as(carol.token).post("/api/models/two-factor/confirm", {
      code: totpCode(setup.json().secret),
    });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    codes = confirmed.json().recovery_codes;
    assert.deepEqual((await passwordStep("model", carol.body.email)).methods, ["totp", "passkey", "recovery_code"]);
  });

  test("removing the app while a passkey remains keeps two-step sign-in on, even where it is mandatory", async () => {
    await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "true");
    try {
      const off = await ctx
        .as(carol.token)
        .post("/api/models/two-factor/disable", { password: PASSWORD, code: codes[1] });
      assert.equal(off.statusCode, 204, off.body);
      const step = await passwordStep("model", carol.body.email);
      assert.equal(step.two_factor, "verify", "a passkey satisfies the mandatory two-step sign-in");
      assert.deepEqual(step.methods, ["passkey", "recovery_code"]);
      const left = (await ctx.as(carol.token).get("/api/models/two-factor")).json();
      // The app's confirmation gave ten new codes; one confirmed "Desativar"; the others stay valid.
      assert.equal(left.recovery_codes_left, RECOVERY_CODE_COUNT - 1, "her recovery codes stay valid");
    } finally {
      await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "false");
    }
  });

  test("removing her last passkey switches it off: refused where mandatory, else her password, then other sessions end", async () => {
    const [first, second] = (await ctx.as(carol.token).get("/api/models/passkeys")).json().passkeys;
    const one = await ctx.as(carol.token).delete(`/api/models/passkeys/${first.id}`);
    assert.equal(one.statusCode, 200, one.body);

    const url = `/api/models/passkeys/${second.id}`;
    await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "true");
    const mandatory = await ctx.as(carol.token).delete(url, { password: PASSWORD });
    await setSetting(ctx.app, TWO_FACTOR_REQUIRED_SETTING, "false");
    assert.equal(mandatory.statusCode, 403, mandatory.body);
    assert.equal(mandatory.json().error, TWO_FACTOR_MANDATORY);

    const noPassword = await ctx.as(carol.token).delete(url);
    assert.equal(noPassword.statusCode, 400, noPassword.body);
    assert.equal(noPassword.json().details[0].path, "password");
    const wrong = await ctx.as(carol.token).delete(url, { password: "outra-senha-000" });
    assert.equal(wrong.statusCode, 400, wrong.body);
    assert.equal((await ctx.as(carol.token).get("/api/models/passkeys")).json().passkeys.length, 1);

    // Another device of hers, signed in with the passkey: it ends when two-step sign-in is switched off.
    const other = await signInWith("model", carolKeys[1]);
    assert.equal(other.res.statusCode, 200, other.res.body);
    const removed = await ctx.as(carol.token).delete(url, { password: PASSWORD });
    assert.equal(removed.statusCode, 200, removed.body);
    assert.equal((await ctx.as(other.res.json().token).get("/api/auth/verify")).statusCode, 401);
    assert.equal((await ctx.as(carol.token).get("/api/auth/verify")).statusCode, 200, "her own session stays");
    assert.ok((await passwordStep("model", carol.body.email)).token, "password alone again");
    const rows = await ctx.app.db
      .select()
      .from(twoFactorRecoveryCodes)
      .where(and(eq(twoFactorRecoveryCodes.accountKind, "model"), eq(twoFactorRecoveryCodes.accountId, carol.id)));
    assert.deepEqual(rows, [], "recovery codes go with it");
  });

  test("an admin whose only second factor is a passkey signs in with it, and may not remove it", async () => {
    const admin = await loginAdmin(ctx.app);
    const added = await addPasskey(admin, "/api/admin/passkeys", "Chave do escritório");
    assert.equal(added.res.statusCode, 201, added.res.body);
    // Her authenticator app forgotten (arranged): the passkey alone is her second factor.
    await ctx.app.db.delete(twoFactorSecrets).where(eq(twoFactorSecrets.accountKind, "admin"));
    const step = await passwordStep("admin", TEST_ADMIN.email, TEST_ADMIN.password);
    assert.equal(step.two_factor, "verify", "not sent to set up the app");
    assert.deepEqual(step.methods, ["passkey", "recovery_code"]);
    const signedIn = await signInWith("admin", added.passkey, step.challenge);
    assert.equal(signedIn.res.statusCode, 200, signedIn.res.body);

    const [row] = (await ctx.as(admin).get("/api/admin/passkeys")).json().passkeys;
    const refused = await ctx.as(admin).delete(`/api/admin/passkeys/${row.id}`);
    assert.equal(refused.statusCode, 403, refused.body);
    assert.equal(refused.json().error, TWO_FACTOR_MANDATORY);
  });
});
