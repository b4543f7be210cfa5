import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { expectOneAuditRow } from "../../test/admin-support";
import { loginAdmin, registerModel } from "../../test/factories";
import { createTestContext, type TestContext } from "../../test/helper";
import { assertPasskey, createPasskey, type SoftPasskey } from "../../test/passkey-authenticator";
import { CHALLENGE_INVALID, signChallenge } from "../two-factor/service";
import { PASSKEY_FAILED, PASSKEY_UNKNOWN } from "./service";

let ctx: TestContext;
before(async () => {
  ctx = await createTestContext();
});
after(() => ctx.close());

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
    const removed = await ctx.as(alice.token).delete(`/api/models/passkeys/${row.id}`);
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
