import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import type { LightMyRequestResponse } from "fastify";
import { decodeJwt } from "jose";
import { RECENT_PROOF_REQUIRED_MESSAGE } from "@vitrine/contracts";
import { expectOneAuditRow } from "../../test/admin-support";
import { loginAdmin, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { TEST_ADMIN } from "../../test/helper";
import { assertPasskey, createPasskey, type PasskeyOptions, type SoftPasskey } from "../../test/passkey-authenticator";
import { staleProof } from "../../test/recent-proof";
import { phoneSecret, rememberSecret, totpCode } from "../../test/two-factor";

const ctx = useTestContext();

// `inject` asks for http://localhost:80; outside production without PUBLIC_URL the request's host is the origin.
const ORIGIN = "http://localhost";
/** The password of every model the factories register. */
const PASSWORD = "senha-forte-123";

type Role = "admin" | "model";
type Call = { method: "GET" | "POST" | "PUT"; url: string; body?: object };
const base = (role: Role) => (role === "admin" ? "/api/admin" : "/api/models");
const proofUrl = (role: Role) => `${base(role)}/recent-proof`;

/**
 * The sensitive changes of each kind of account. Their bodies are empty or invalid on purpose: the refusal comes
 * from the hook before any body is read, and once a proof is given the same call goes on to the body's validation
 * (a 400 that changes nothing), so the calls can be repeated.
 */
const SENSITIVE: Record<Role, Call[]> = {
  model: [
    { method: "POST", url: "/api/models/passkeys/options" },
    { method: "POST", url: "/api/models/passkeys", body: {} },
    { method: "POST", url: "/api/models/two-factor/setup" },
    { method: "POST", url: "/api/models/two-factor/recovery-codes", body: {} },
    { method: "PUT", url: "/api/models/account/email", body: {} },
    { method: "PUT", url: "/api/models/account/password", body: {} },
    { method: "GET", url: "/api/models/my-data/export" },
  ],
  admin: [
    { method: "POST", url: "/api/admin/passkeys/options" },
    { method: "POST", url: "/api/admin/passkeys", body: {} },
    { method: "POST", url: "/api/admin/two-factor/setup" },
    { method: "POST", url: "/api/admin/two-factor/recovery-codes", body: {} },
    { method: "PUT", url: "/api/admin/account", body: {} },
  ],
};
/** The data download is a real one (at most a few an hour): only the password case downloads. */
const withoutDownload = (calls: Call[]) => calls.filter((c) => !c.url.endsWith("/export"));

const send = (token: string, call: Call) =>
  ctx.app.inject({
    method: call.method,
    url: call.url,
    payload: call.body,
    headers: { authorization: `Bearer ${token}` },
  });

const isProofRefusal = (res: LightMyRequestResponse) =>
  res.statusCode === 403 && (res.json() as { code?: string }).code === "RECENT_PROOF_REQUIRED";

async function expectRefused(token: string, calls: Call[]) {
  for (const call of calls) {
    const res = await send(token, call);
    assert.ok(isProofRefusal(res), `${call.method} ${call.url}: ${res.statusCode} ${res.body}`);
    assert.equal(res.json().error, RECENT_PROOF_REQUIRED_MESSAGE);
  }
}

async function expectAllowed(token: string, calls: Call[]) {
  for (const call of calls) {
    const res = await send(token, call);
    assert.ok(!isProofRefusal(res), `${call.method} ${call.url} after a proof: ${res.body}`);
    assert.ok(res.statusCode < 500, `${call.method} ${call.url}: ${res.statusCode} ${res.body}`);
  }
}

/** Adds a passkey to the signed-in (fresh) account; answers the software authenticator's key. */
async function addPasskey(role: Role, token: string): Promise<SoftPasskey> {
  const options = await ctx.as(token).post(`${base(role)}/passkeys/options`);
  assert.equal(options.statusCode, 200, options.body);
  const created = createPasskey((options.json() as { options: PasskeyOptions }).options, ORIGIN);
  const res = await ctx.as(token).post(`${base(role)}/passkeys`, { name: "Meu celular", response: created.response });
  assert.equal(res.statusCode, 201, res.body);
  return created.passkey;
}

/** Proves with `passkey` at …/recent-proof/passkey (options, then the authenticator's answer). */
async function proveWithPasskey(role: Role, token: string, passkey: SoftPasskey) {
  const options = await ctx.as(token).post(`${proofUrl(role)}/passkey/options`);
  assert.equal(options.statusCode, 200, options.body);
  const response = assertPasskey(passkey, (options.json() as { options: PasskeyOptions }).options, ORIGIN);
  return ctx.as(token).post(`${proofUrl(role)}/passkey`, { response });
}

/** Sets up the authenticator app of a signed-in model (fresh session) and remembers its secret. */
async function setUpApp(token: string, id: number): Promise<string[]> {
  const setup = await ctx.as(token).post("/api/models/two-factor/setup");
  assert.equal(setup.statusCode, 200, setup.body);
  const secret = setup.json().secret as string;
  rememberSecret(ctx.app, "model", id, secret);
  const confirmed = await ctx.as(token).post("/api/models/two-factor/confirm", { code: totpCode(secret) });
  assert.equal(confirmed.statusCode, 200, confirmed.body);
  return confirmed.json().recovery_codes as string[];
}

/** A code of the app the previous one has not used: the next 30-second step (accepted within ±30 s). */
const nextCode = (role: Role, id: number) => totpCode(phoneSecret(ctx.app, role, id)!, Date.now() + 30_000);

describe("a model's sensitive changes ask for a recent proof", () => {
  let alice: { token: string; id: number; body: { email: string } };
  let bruna: { token: string; id: number };
  let alicePasskey: SoftPasskey;
  let recoveryCodes: string[];

  before(async () => {
    alice = await registerModel(ctx.app, { email: "alice.proof@test.local", username: "alice_proof" });
    bruna = await registerModel(ctx.app, { email: "bruna.proof@test.local", username: "bruna_proof" });
    // Set up while her sign-in is a fresh proof.
    recoveryCodes = await setUpApp(alice.token, alice.id);
    alicePasskey = await addPasskey("model", alice.token);
  });

  test("a fresh sign-in is a proof: the session makes sensitive changes at once", async () => {
    await expectAllowed(bruna.token, withoutDownload(SENSITIVE.model));
  });

  test("a stale session is refused each sensitive change (403), then proves with her password and goes on", async () => {
    await staleProof(ctx.app, alice.token);
    await expectRefused(alice.token, SENSITIVE.model);
    // Reads and ordinary changes are not sensitive.
    assert.equal((await ctx.as(alice.token).get("/api/models/passkeys")).statusCode, 200);
    const proved = await ctx.as(alice.token).post(proofUrl("model"), { password: PASSWORD });
    assert.equal(proved.statusCode, 200, proved.body);
    assert.ok(Date.parse(proved.json().until) > Date.now() + 9 * 60_000);
    await expectAllowed(alice.token, SENSITIVE.model);
    const download = await ctx.as(alice.token).get("/api/models/my-data/export");
    assert.equal(download.statusCode, 200);
    assert.equal(download.headers["content-type"], "application/zip");
  });

  test("…with a code of her app, or a recovery code (spent: it proves once)", async () => {
    await staleProof(ctx.app, alice.token);
    await expectRefused(alice.token, withoutDownload(SENSITIVE.model));
    const byApp = await ctx.as(alice.token).post(proofUrl("model"), { code: nextCode("model", alice.id) });
    assert.equal(byApp.statusCode, 200, byApp.body);
    await expectAllowed(alice.token, withoutDownload(SENSITIVE.model));

    await staleProof(ctx.app, alice.token);
    const byRecovery = await ctx.as(alice.token).post(proofUrl("model"), { code: recoveryCodes[0] });
    assert.equal(byRecovery.statusCode, 200, byRecovery.body);
    await expectAllowed(alice.token, withoutDownload(SENSITIVE.model));
    await staleProof(ctx.app, alice.token);
    const again = await ctx.as(alice.token).post(proofUrl("model"), { code: recoveryCodes[0] });
    assert.equal(again.statusCode, 400, again.body);
    await expectRefused(alice.token, withoutDownload(SENSITIVE.model));
  });

  test("…with one of her passkeys; an answer replayed, or a passkey of someone else, is a 400", async () => {
    await staleProof(ctx.app, alice.token);
    const options = await ctx.as(alice.token).post(`${proofUrl("model")}/passkey/options`);
    const response = assertPasskey(alicePasskey, options.json().options, ORIGIN);
    const proved = await ctx.as(alice.token).post(`${proofUrl("model")}/passkey`, { response });
    assert.equal(proved.statusCode, 200, proved.body);
    await expectAllowed(alice.token, withoutDownload(SENSITIVE.model));

    await staleProof(ctx.app, alice.token);
    const replayed = await ctx.as(alice.token).post(`${proofUrl("model")}/passkey`, { response });
    assert.equal(replayed.statusCode, 400, replayed.body);
    await expectRefused(alice.token, withoutDownload(SENSITIVE.model));
  });

  test("a token of another account cannot prove for her: her password, code or passkey prove nothing there", async () => {
    await staleProof(ctx.app, alice.token);
    await staleProof(ctx.app, bruna.token);
    const byPassword = await ctx.as(bruna.token).post(proofUrl("model"), { password: "nao-e-a-senha-dela" });
    assert.equal(byPassword.statusCode, 400, byPassword.body);
    const byCode = await ctx.as(bruna.token).post(proofUrl("model"), { code: nextCode("model", alice.id) });
    assert.equal(byCode.statusCode, 400, byCode.body);
    // Bruna has no passkey: she gets no options; with Alice's options, Alice's passkey answers for Alice only.
    assert.equal((await ctx.as(bruna.token).post(`${proofUrl("model")}/passkey/options`)).statusCode, 400);
    const options = await ctx.as(alice.token).post(`${proofUrl("model")}/passkey/options`);
    const response = assertPasskey(alicePasskey, options.json().options, ORIGIN);
    const byPasskey = await ctx.as(bruna.token).post(`${proofUrl("model")}/passkey`, { response });
    assert.equal(byPasskey.statusCode, 400, byPasskey.body);
    await expectRefused(alice.token, withoutDownload(SENSITIVE.model));
    await expectRefused(bruna.token, withoutDownload(SENSITIVE.model));
  });

  test("wrong proofs are 400 in Portuguese, never 401, and back off like the sign-in (429)", async () => {
    const carla = await registerModel(ctx.app, { email: "carla.proof@test.local", username: "carla_proof" });
    await staleProof(ctx.app, carla.token);
    const wrong = () => ctx.as(carla.token).post(proofUrl("model"), { password: "senha-errada-1" });
    for (let i = 0; i < 5; i++) {
      const res = await wrong();
      assert.equal(res.statusCode, 400, res.body);
      assert.equal(res.json().error, "Senha incorreta");
    }
    const throttled = await ctx.as(carla.token).post(proofUrl("model"), { password: PASSWORD });
    assert.equal(throttled.statusCode, 429, throttled.body);
    await expectRefused(carla.token, withoutDownload(SENSITIVE.model));

    const empty = await ctx.as(carla.token).post(proofUrl("model"), {});
    assert.equal(empty.statusCode, 400, empty.body);
    const badCode = await ctx.as(alice.token).post(proofUrl("model"), { code: "000000" });
    assert.equal(badCode.statusCode, 400, badCode.body);
    assert.equal(badCode.json().error, "Código inválido ou já usado");
  });

  test("the proof routes need her session", async () => {
    assert.equal((await ctx.as(null).post(proofUrl("model"), { password: PASSWORD })).statusCode, 401);
    assert.equal((await ctx.as(null).post(`${proofUrl("model")}/passkey/options`)).statusCode, 401);
    const admin = await loginAdmin(ctx.app);
    assert.equal((await ctx.as(admin).post(proofUrl("model"), { password: PASSWORD })).statusCode, 403);
  });
});

describe("an admin's sensitive changes ask for a recent proof, and each proof is audited", () => {
  let admin: string;
  let adminId: number;
  let adminPasskey: SoftPasskey;

  before(async () => {
    admin = await loginAdmin(ctx.app);
    adminId = Number(decodeJwt(admin).sub);
    adminPasskey = await addPasskey("admin", admin);
  });

  test("stale: refused; her password proves it (audited) and the changes go on", async () => {
    await staleProof(ctx.app, admin);
    await expectRefused(admin, SENSITIVE.admin);
    const proved = await expectOneAuditRow(ctx.app, "recent_proof.given", () =>
      ctx.as(admin).post(proofUrl("admin"), { password: TEST_ADMIN.password }),
    );
    assert.equal(proved.statusCode, 200, proved.body);
    await expectAllowed(admin, SENSITIVE.admin);
  });

  test("…a code of her app", async () => {
    await staleProof(ctx.app, admin);
    await expectRefused(admin, SENSITIVE.admin);
    const proved = await expectOneAuditRow(ctx.app, "recent_proof.given", () =>
      ctx.as(admin).post(proofUrl("admin"), { code: nextCode("admin", adminId) }),
    );
    assert.equal(proved.statusCode, 200, proved.body);
    await expectAllowed(admin, SENSITIVE.admin);
  });

  test("…a passkey", async () => {
    await staleProof(ctx.app, admin);
    await expectRefused(admin, SENSITIVE.admin);
    const proved = await proveWithPasskey("admin", admin, adminPasskey);
    assert.equal(proved.statusCode, 200, proved.body);
    await expectAllowed(admin, SENSITIVE.admin);
  });

  test("a wrong password is a 400 that proves nothing; a model's token cannot prove for the admin", async () => {
    await staleProof(ctx.app, admin);
    const wrong = await ctx.as(admin).post(proofUrl("admin"), { password: "nao-e-esta" });
    assert.equal(wrong.statusCode, 400, wrong.body);
    const model = await registerModel(ctx.app);
    const crossed = await ctx.as(model.token).post(proofUrl("admin"), { password: TEST_ADMIN.password });
    assert.equal(crossed.statusCode, 403, crossed.body);
    assert.equal(crossed.json().code, "FORBIDDEN");
    await expectRefused(admin, SENSITIVE.admin);
  });
});
