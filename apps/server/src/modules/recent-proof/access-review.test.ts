import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { expectOneAuditRow } from "../../test/admin-support";
import { loginAdmin, registerModel } from "../../test/factories";
import { TEST_ADMIN } from "../../test/helper";
import { assertPasskey, createPasskey, type PasskeyOptions, type SoftPasskey } from "../../test/passkey-authenticator";
import { linkToken, useTestContextWithMail } from "../../test/smtp";
import { completeSignIn } from "../../test/two-factor";

const { ctx, smtp } = useTestContextWithMail();

// `inject` asks for http://localhost:80; outside production without PUBLIC_URL the request's host is the origin.
const ORIGIN = "http://localhost";
const NEW_PASSWORD = "uma-senha-nova-123";

/** "Esqueci minha senha" then the e-mailed link with a new password, as she does it. */
async function resetByEmail(email: string, role: "admin" | "model") {
  const asked = await ctx.as(null).post("/api/auth/password/forgot", { email, role });
  assert.equal(asked.statusCode, 200, asked.body);
  const mail = await smtp.waitFor({ to: email, subject: /nova senha/ });
  const done = await ctx.as(null).post("/api/auth/password/reset", {
    token: linkToken(mail, "/redefinir-senha"),
    password: NEW_PASSWORD,
  });
  assert.equal(done.statusCode, 200, done.body);
}

const reviewOf = async (base: string, token: string) => {
  const res = await ctx.as(token).get(`${base}/recent-proof/access-review`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json().due as boolean;
};

describe("after a password reset her first screen reviews her passkeys and sessions", () => {
  let passkey: SoftPasskey;

  test("a model: the reset makes the review due; the passkey added before it is listed; done clears it", async () => {
    const email = "revisao@test.local";
    const alice = await registerModel(ctx.app, { email, username: "revisao_alice" });
    const options = await ctx.as(alice.token).post("/api/models/passkeys/options");
    assert.equal(options.statusCode, 200, options.body);
    const created = createPasskey((options.json() as { options: PasskeyOptions }).options, ORIGIN);
    passkey = created.passkey;
    const added = await ctx
      .as(alice.token)
      .post("/api/models/passkeys", { name: "Celular antigo", response: created.response });
    assert.equal(added.statusCode, 201, added.body);
    assert.equal(await reviewOf("/api/models", alice.token), false);

    await resetByEmail(email, "model");
    // The reset ended her sessions; she signs in with the new password, then her passkey as the second step.
    assert.equal((await ctx.as(alice.token).get("/api/models/recent-proof/access-review")).statusCode, 401);
    const step = await ctx.as(null).post("/api/auth/model/login", { email, password: NEW_PASSWORD });
    assert.equal(step.statusCode, 200, step.body);
    const { challenge } = step.json() as { challenge: string };
    const signInOptions = await ctx.as(null).post("/api/auth/model/passkey/options", { challenge });
    const response = assertPasskey(passkey, signInOptions.json().options, ORIGIN);
    const signedIn = await ctx.as(null).post("/api/auth/model/passkey", { challenge, response });
    assert.equal(signedIn.statusCode, 200, signedIn.body);
    const token = signedIn.json().token as string;

    assert.equal(await reviewOf("/api/models", token), true);
    const listed = (await ctx.as(token).get("/api/models/passkeys")).json().passkeys as { name: string }[];
    assert.deepEqual(
      listed.map((p) => p.name),
      ["Celular antigo"],
    );
    const done = await ctx.as(token).post("/api/models/recent-proof/access-review/done");
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(await reviewOf("/api/models", token), false);
  });

  test("an admin too; her review's end is audited", async () => {
    const admin = await loginAdmin(ctx.app);
    assert.equal(await reviewOf("/api/admin", admin), false);
    await resetByEmail(TEST_ADMIN.email, "admin");
    const step = await ctx.as(null).post("/api/auth/admin/login", { email: TEST_ADMIN.email, password: NEW_PASSWORD });
    assert.equal(step.statusCode, 200, step.body);
    const token = await completeSignIn(ctx.app, "admin", step.json());
    assert.equal(await reviewOf("/api/admin", token), true);
    const done = await expectOneAuditRow(ctx.app, "access_review.done", () =>
      ctx.as(token).post("/api/admin/recent-proof/access-review/done"),
    );
    assert.equal(done.statusCode, 200, done.body);
    assert.equal(await reviewOf("/api/admin", token), false);
  });

  test("the review is her own: nobody else reads or clears it", async () => {
    assert.equal((await ctx.as(null).get("/api/models/recent-proof/access-review")).statusCode, 401);
    assert.equal((await ctx.as(null).post("/api/admin/recent-proof/access-review/done")).statusCode, 401);
  });
});
