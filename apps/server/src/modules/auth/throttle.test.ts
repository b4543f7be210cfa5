import assert from "node:assert/strict";
import { after, before, describe, test } from "node:test";
import { loginThrottle } from "../../db/schema";
import { buildRegistration, registerModel } from "../../test/factories";
import { createTestContext, TEST_ADMIN, type TestContext } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";

describe("one password budget per client network, shared by every password route", () => {
  let limited: TestContext;
  before(async () => {
    limited = await createTestContext({ authRateLimit: 5 });
  });
  after(() => limited.close());

  test("spreading guesses over the admin login, model login, registration and account routes gains nothing", async () => {
    const from = (remoteAddress: string) => (method: "POST" | "PUT", url: string, payload: object) =>
      limited.app.inject({ method, url, payload, remoteAddress });
    const attacker = from("198.51.100.20");
    const wrong = { email: "ninguem@example.com", password: "errada-123" };
    const answers = [
      await attacker("POST", "/api/auth/admin/login", wrong),
      await attacker("POST", "/api/auth/model/login", wrong),
      await attacker("POST", "/api/auth/admin/login", wrong),
      await attacker("POST", "/api/auth/model/register", buildRegistration()),
      await attacker("POST", "/api/auth/model/login", wrong),
    ];
    assert.deepEqual(
      answers.map((r) => r.statusCode),
      [401, 401, 401, 201, 401],
    );
    const blocked = await attacker("POST", "/api/auth/model/login", wrong);
    assert.equal(blocked.statusCode, 429);
    assert.equal(blocked.json().code, "RATE_LIMITED");
    // The account routes check passwords too: a signed-in model on that network is out of budget as well.
    const { token } = answers[3].json() as { token: string };
    const account = await limited.app.inject({
      method: "PUT",
      url: "/api/models/account/password",
      headers: { authorization: `Bearer ${token}` },
      payload: { current_password: "x", new_password: "nova-senha-123" },
      remoteAddress: "198.51.100.20",
    });
    assert.equal(account.statusCode, 429);
    // The budget is per network: an IPv6 neighbour in the same /64 shares it, another network does not.
    const v6 = from("2001:db8:aa:bb::1");
    for (let i = 0; i < 5; i += 1) await v6("POST", "/api/auth/model/login", wrong);
    assert.equal((await from("2001:db8:aa:bb:ffff::9")("POST", "/api/auth/model/login", wrong)).statusCode, 429);
    assert.equal((await from("2001:db8:aa:cc::1")("POST", "/api/auth/model/login", wrong)).statusCode, 401);
  });
});

describe("per-account backoff", () => {
  const ctx = useTestContext({ authRateLimit: 1000 });

  const login = (email: string, password: string, remoteAddress: string) =>
    ctx.app.inject({ method: "POST", url: "/api/auth/model/login", payload: { email, password }, remoteAddress });

  test("after five failures the attacker's network waits, even with the right password; the owner elsewhere does not", async () => {
    const { body } = await registerModel(ctx.app);
    const attacker = "203.0.113.50";
    for (let i = 0; i < 5; i += 1) assert.equal((await login(body.email, "chute-errado", attacker)).statusCode, 401);
    const waiting = await login(body.email, body.password, attacker);
    assert.equal(waiting.statusCode, 429);
    assert.equal(waiting.json().code, "RATE_LIMITED");
    assert.match(waiting.json().error, /Tente novamente em 1 minuto/);
    // The owner, on her own network, is not locked out by the attacker.
    assert.equal((await login(body.email, body.password, "192.0.2.77")).statusCode, 200);
    // Once the wait is over, a right password from that network works and clears the count.
    await ctx.app.db.update(loginThrottle).set({ blockedUntil: new Date(Date.now() - 1000) });
    assert.equal((await login(body.email, body.password, attacker)).statusCode, 200);
    assert.equal((await login(body.email, "chute-errado", attacker)).statusCode, 401, "the count starts again");
  });

  test("an unknown e-mail backs off exactly like a real one (the answer never tells which exists)", async () => {
    const network = "203.0.113.51";
    for (let i = 0; i < 5; i += 1) await login("nao-existe@example.com", "qualquer", network);
    assert.equal((await login("nao-existe@example.com", "qualquer", network)).statusCode, 429);
  });

  test("the admin login backs off too", async () => {
    const network = "203.0.113.52";
    const admin = (password: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/admin/login",
        payload: { email: TEST_ADMIN.email, password },
        remoteAddress: network,
      });
    for (let i = 0; i < 5; i += 1) assert.equal((await admin("errada")).statusCode, 401);
    assert.equal((await admin(TEST_ADMIN.password)).statusCode, 429);
  });

  test("the account routes' password checks back off per account", async () => {
    const { token } = await registerModel(ctx.app);
    const change = () =>
      ctx.app.inject({
        method: "PUT",
        url: "/api/models/account/email",
        headers: { authorization: `Bearer ${token}` },
        payload: { email: "novo@example.com", current_password: "chute-errado" },
        remoteAddress: "203.0.113.53",
      });
    for (let i = 0; i < 5; i += 1) assert.equal((await change()).statusCode, 400);
    assert.equal((await change()).statusCode, 429);
  });
});
