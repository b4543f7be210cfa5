import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { loginAdmin, registerModel } from "../../test/factories";
import { TEST_ADMIN } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { createPasskey, type PasskeyOptions } from "../../test/passkey-authenticator";
import {
  assertAdminOnly,
  assertMalformedRefused,
  assertRefusedEverywhere,
  type Call,
  type MatrixClient,
  matrixClient,
  refusedTokens,
  scopeOf,
} from "../../test/route-matrix";
import { signChallenge } from "../sign-in/service";

/**
 * The authorization matrix of every route issue 20 added for accounts (sessions, two-step sign-in, passkeys, her
 * data, her e-mail, and the sign-in's second step and e-mailed links), read from the app's route list so that a new
 * one is covered at once, called by nobody, the account it concerns, another model, the admin, forged tokens,
 * tokens from before a session-version bump and the token of an ended session; then with malformed input. Built on
 * the helpers of modules/moderation/authorization.test.ts (test/route-matrix).
 */
describe("who may call the routes of sessions, two-step sign-in, passkeys, her data and her e-mail", () => {
  const ctx = useTestContext();
  let client: MatrixClient;
  let send: MatrixClient["send"];
  let label: MatrixClient["label"];
  let admin: string;
  let owner: { id: number; token: string };
  let other: { id: number; token: string };
  let refused: Record<string, string>;
  /** Ids the routes' parameters are filled with: a spare session and a passkey of the owner and of the admin. */
  const ids = { modelSession: "", adminSession: "", modelPasskey: 0, adminPasskey: 0 };

  const SIGNED_IN =
    /^\/api\/(models\/(sessions|two-factor|passkeys|my-data|account\/(email|notifications))|admin\/(sessions|two-factor|passkeys))/;
  const PUBLIC = /^\/api\/auth\/((admin|model)\/(two-factor|passkey)|password\/|email\/)/;
  /** POST routes that read no body. */
  const BODYLESS = /\/(options|end-others|setup|consents\/terms|email\/resend)$/;

  const ORIGIN = "http://localhost";
  async function addPasskey(token: string, base: string) {
    const options = await ctx.as(token).post(`${base}/options`);
    assert.equal(options.statusCode, 200, options.body);
    const { response } = createPasskey((options.json() as { options: PasskeyOptions }).options, ORIGIN);
    const added = await ctx.as(token).post(base, { name: "Chave", response });
    assert.equal(added.statusCode, 201, added.body);
    return added.json().id as number;
  }
  /** Another session of the same account (its id is a route parameter; ending it leaves the test's token alive). */
  async function spareSessionId(base: string, signIn: () => Promise<string>) {
    const spare = await signIn();
    const sessions = (await ctx.as(spare).get(base)).json().sessions as { id: string; current: boolean }[];
    return sessions.find((s) => s.current)!.id;
  }

  before(async () => {
    client = matrixClient(ctx.app);
    ({ send, label } = client);
    const owning = await registerModel(ctx.app);
    other = await registerModel(ctx.app);
    const signIn = async () => {
      const login = await ctx.as(null).post("/api/auth/model/login", {
        email: owning.body.email,
        password: owning.body.password,
      });
      assert.equal(login.statusCode, 200, login.body);
      return login.json().token as string;
    };
    const tokens = await refusedTokens(ctx.app, owning, other.id, signIn);
    refused = tokens.refused;
    owner = { id: owning.id, token: tokens.modelToken };
    admin = tokens.admin;

    ids.modelSession = await spareSessionId("/api/models/sessions", signIn);
    ids.adminSession = await spareSessionId("/api/admin/sessions", () => loginAdmin(ctx.app));
    // A session ended by its owner: its token is refused at once.
    const ended = await signIn();
    const endedId = await spareSessionId("/api/models/sessions", async () => ended);
    assert.equal((await ctx.as(owner.token).delete(`/api/models/sessions/${endedId}`)).statusCode, 200);
    refused["the token of a session she ended"] = ended;
    // Passkeys (two each, so that removing one keeps two-step sign-in on).
    ids.modelPasskey = await addPasskey(owner.token, "/api/models/passkeys");
    await addPasskey(owner.token, "/api/models/passkeys");
    ids.adminPasskey = await addPasskey(admin, "/api/admin/passkeys");
  });

  /** Every route of the matrix, its parameters filled with the owner's (or the admin's) session and passkey. */
  function routes(): Call[] {
    const bodies: Record<string, object> = {
      "POST /api/auth/password/forgot": { email: "ninguem@example.com" },
      "POST /api/auth/password/reset": { token: "x".repeat(43), password: "nova-senha-forte-1" },
      "POST /api/auth/email/confirm": { token: "x".repeat(43) },
      "PUT /api/models/account/email": { email: "novo@example.com", password: "senha-forte-123" },
      "POST /api/models/two-factor/disable": { password: "senha-forte-123", code: "123456" },
    };
    return ctx.app.routeList
      .filter((r) => (SIGNED_IN.test(r.url) || PUBLIC.test(r.url)) && r.method !== "HEAD")
      .map((r) => {
        const scope = scopeOf(r.url);
        const admin = scope === "admin";
        const id = r.url.includes("/sessions/")
          ? admin
            ? ids.adminSession
            : ids.modelSession
          : admin
            ? ids.adminPasskey
            : ids.modelPasskey;
        const url = r.url.replace(":id", String(id)).replace(/\/$/, "");
        const body = bodies[`${r.method} ${r.url}`] ?? (PUBLIC.test(r.url) ? { challenge: "x", code: "123456" } : {});
        const bodyless = r.method === "POST" && BODYLESS.test(r.url);
        return { method: r.method, url, scope, body: bodyless ? undefined : body, bodyless } as Call;
      })
      .filter((call, i, all) => all.findIndex((c) => c.method === call.method && c.url === call.url) === i);
  }
  const signedIn = () => routes().filter((r) => r.scope !== "public");

  it("covers the routes issue 20 added", () => {
    const listed = routes().map((r) => `${r.method} ${r.url}`);
    for (const expected of [
      "GET /api/models/sessions",
      `DELETE /api/models/sessions/${ids.modelSession}`,
      "POST /api/admin/sessions/end-others",
      "GET /api/models/two-factor",
      "POST /api/models/two-factor/disable",
      "POST /api/admin/two-factor/recovery-codes",
      "GET /api/admin/two-factor",
      "POST /api/admin/two-factor/replace",
      "POST /api/admin/two-factor/disable",
      `DELETE /api/models/passkeys/${ids.modelPasskey}`,
      "POST /api/admin/passkeys/options",
      "GET /api/models/my-data/export",
      "PUT /api/models/account/notifications",
      "POST /api/models/account/email/resend",
      "POST /api/auth/model/two-factor",
      "POST /api/auth/admin/passkey",
      "POST /api/auth/password/forgot",
      "POST /api/auth/email/confirm",
    ]) {
      assert.ok(listed.includes(expected), `${expected} in ${listed.join(", ")}`);
    }
  });

  it("forged tokens, tokens from before a session-version bump, an ended session's: 401 on every signed-in route", async () => {
    await assertRefusedEverywhere(routes(), refused, client);
  });

  it("admin routes: nobody 401, a model 403, the admin allowed (never a 500)", async () => {
    const allowed = [200, 201, 204, 400, 404, 409];
    await assertAdminOnly(routes(), { admin, models: [owner.token, other.token] }, client, allowed);
  });

  it("model routes: nobody 401, the admin 403, the owner allowed; another model never reaches her sessions or passkeys", async () => {
    for (const call of signedIn().filter((r) => r.scope === "model")) {
      assert.equal((await send(call, null)).statusCode, 401, `${call.method} ${call.url} nobody`);
      const byAdmin = await send(call, admin);
      assert.equal(byAdmin.statusCode, 403, label(call, "the admin", byAdmin));
    }
    // Another model: the owner's session and passkey are not found, and her lists hold only her own.
    for (const url of [`/api/models/sessions/${ids.modelSession}`, `/api/models/passkeys/${ids.modelPasskey}`]) {
      const res = await ctx.as(other.token).delete(url, { password: "senha-forte-123" });
      assert.equal(res.statusCode, 404, `${url} by another model: ${res.body}`);
    }
    assert.deepEqual((await ctx.as(other.token).get("/api/models/passkeys")).json().passkeys, []);
    const theirs = (await ctx.as(other.token).get("/api/models/sessions")).json().sessions as { id: string }[];
    assert.ok(!theirs.some((s) => s.id === ids.modelSession), "another model does not see the owner's sessions");
    // The owner herself: every route answers (the destructive ones with bodies that fail validation), never a 500.
    for (const call of signedIn().filter((r) => r.scope === "model")) {
      const res = await send(call, owner.token);
      assert.ok([200, 201, 204, 400, 404, 409].includes(res.statusCode), label(call, "the owner", res));
    }
  });

  it("the second step and the e-mailed links: any caller, never a session from a forged or borrowed challenge", async () => {
    const publicCalls = routes().filter((r) => r.scope === "public");
    for (const call of publicCalls) {
      for (const [who, token] of [
        ["nobody", null],
        ["the owner", owner.token],
        ["the admin", admin],
        ...Object.entries(refused),
      ]) {
        const res = await send(call, token);
        assert.ok([200, 400, 401, 404, 409].includes(res.statusCode), label(call, who ?? "nobody", res));
        assert.equal(res.json().token, undefined, label(call, who ?? "nobody", res));
      }
    }
    // A session token is not a challenge; an admin's challenge does not open a model's second step, nor the reverse;
    // a set-up challenge does not open the code or passkey step.
    const secret = ctx.app.config.jwtSecret;
    const adminChallenge = await signChallenge(secret, { role: "admin", id: 1, sessionVersion: 1, purpose: "verify" });
    const setupChallenge = await signChallenge(secret, {
      role: "model",
      id: owner.id,
      sessionVersion: 1,
      purpose: "setup",
    });
    for (const [url, challenge] of [
      ["/api/auth/model/two-factor", owner.token],
      ["/api/auth/admin/two-factor", admin],
      ["/api/auth/model/two-factor", adminChallenge],
      ["/api/auth/model/two-factor", setupChallenge],
      ["/api/auth/model/passkey/options", setupChallenge],
      ["/api/auth/model/passkey/options", adminChallenge],
      ["/api/auth/admin/two-factor/setup", owner.token],
    ] as const) {
      const res = await ctx.as(null).post(url, { challenge, code: "123456" });
      assert.equal(res.statusCode, 401, `${url} with a borrowed challenge: ${res.body}`);
    }
    // The admin's real second step still works after all this (the matrix took nothing from her).
    const login = await ctx.as(null).post("/api/auth/admin/login", TEST_ADMIN);
    assert.equal(login.json().two_factor, "verify");
  });

  it("malformed and oversized input: 400, 404, 413 or 414 to the rightful caller, never a 500", async () => {
    const who = (call: Call) => (call.scope === "admin" ? admin : call.scope === "model" ? owner.token : null);
    await assertMalformedRefused(routes(), who, client);
    for (const url of ["/api/models/sessions/%00", `/api/models/sessions/${"a".repeat(5000)}`]) {
      const res = await ctx.as(owner.token).delete(url);
      assert.ok([400, 404, 414].includes(res.statusCode), `${url}: ${res.statusCode} ${res.body.slice(0, 200)}`);
    }
  });
});
