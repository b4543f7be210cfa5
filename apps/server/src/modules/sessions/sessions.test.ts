import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eq, sql } from "drizzle-orm";
import { decodeJwt } from "jose";
import { sessions } from "../../db/schema";
import { expectAdminOnly, expectOneAuditRow } from "../../test/admin-support";
import { registerModel } from "../../test/factories";
import { TEST_ADMIN } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { completeSignIn } from "../../test/two-factor";
import { describeDevice, UNKNOWN_DEVICE } from "./device";
import { networkOf } from "./network";
import { endSessions } from "./service";

const ctx = useTestContext();

const ANDROID_CHROME =
  "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36";
const IPHONE_SAFARI =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";
const WINDOWS_EDGE =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0";

/** Signs in through the real login route from a device and an address. */
async function signIn(
  role: "model" | "admin",
  credentials: { email: string; password: string },
  from: { ua: string; ip: string },
): Promise<string> {
  const res = await ctx.app.inject({
    method: "POST",
    url: `/api/auth/${role}/login`,
    payload: credentials,
    headers: { "user-agent": from.ua },
    remoteAddress: from.ip,
  });
  assert.equal(res.statusCode, 200, res.body);
  // An admin's session starts after her code (modules/two-factor); the same request's device and network.
  return role === "admin"
    ? completeSignIn(ctx.app, "admin", res.json(), { ua: from.ua, ip: from.ip })
    : res.json().token;
}

/** A model signed in on a phone and on a computer (plus the session of her registration). */
async function modelOnTwoDevices() {
  const model = await registerModel(ctx.app);
  const credentials = { email: model.body.email, password: model.body.password };
  const phone = await signIn("model", credentials, { ua: ANDROID_CHROME, ip: "189.40.12.77" });
  const laptop = await signIn("model", credentials, { ua: WINDOWS_EDGE, ip: "200.100.50.9" });
  return { model, phone, laptop };
}

const sid = (token: string) => decodeJwt(token).sid as string;
const profile = (token: string) => ctx.as(token).get("/api/models/profile");

describe("Sessões ativas (model)", () => {
  test("lists her sessions with device, network prefix and times; the caller's is marked", async () => {
    const { phone, laptop } = await modelOnTwoDevices();
    const res = await ctx.as(phone).get("/api/models/sessions");
    assert.equal(res.statusCode, 200, res.body);
    const list = res.json().sessions as { id: string; device: string; network: string; current: boolean }[];
    assert.equal(list.length, 3, "registration, phone, laptop");
    const mine = list.find((s) => s.id === sid(phone))!;
    assert.deepEqual([mine.device, mine.network, mine.current], ["Chrome no Android", "189.40.12.x", true]);
    const other = list.find((s) => s.id === sid(laptop))!;
    assert.deepEqual([other.device, other.network, other.current], ["Edge no Windows", "200.100.50.x", false]);
    assert.equal(list.filter((s) => s.current).length, 1);
    assert.ok(!res.body.includes("189.40.12.77"), "the full address is never stored nor answered");
  });

  test("ending one session refuses its token at once; her other sessions keep working", async () => {
    const { phone, laptop } = await modelOnTwoDevices();
    assert.equal((await profile(laptop)).statusCode, 200);
    const res = await ctx.as(phone).delete(`/api/models/sessions/${sid(laptop)}`);
    assert.equal(res.statusCode, 200, res.body);
    const refused = await profile(laptop);
    assert.equal(refused.statusCode, 401);
    assert.equal(refused.json().code, "UNAUTHENTICATED");
    assert.equal((await profile(phone)).statusCode, 200);
    const ids = (await ctx.as(phone).get("/api/models/sessions")).json().sessions.map((s: { id: string }) => s.id);
    assert.ok(!ids.includes(sid(laptop)));
    // Ending it again is 404: it is not a live session any more.
    assert.equal((await ctx.as(phone).delete(`/api/models/sessions/${sid(laptop)}`)).statusCode, 404);
  });

  test("another account's session cannot be ended (404) and keeps working", async () => {
    const alice = await modelOnTwoDevices();
    const bob = await registerModel(ctx.app);
    const res = await ctx.as(bob.token).delete(`/api/models/sessions/${sid(alice.phone)}`);
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().code, "NOT_FOUND");
    assert.equal(res.json().error, "Sessão não encontrada");
    assert.equal((await profile(alice.phone)).statusCode, 200);
    // An admin's own session list does not reach a model's session either.
    const admin = await signIn("admin", TEST_ADMIN, { ua: WINDOWS_EDGE, ip: "10.0.0.1" });
    assert.equal((await ctx.as(admin).delete(`/api/admin/sessions/${sid(alice.phone)}`)).statusCode, 404);
    assert.equal((await profile(alice.phone)).statusCode, 200);
  });

  test("ending all others keeps only the caller's session", async () => {
    const { model, phone, laptop } = await modelOnTwoDevices();
    const res = await ctx.as(phone).post("/api/models/sessions/end-others");
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, ended: 2 });
    assert.equal((await profile(laptop)).statusCode, 401);
    assert.equal((await profile(model.token)).statusCode, 401);
    assert.equal((await profile(phone)).statusCode, 200);
    const list = (await ctx.as(phone).get("/api/models/sessions")).json().sessions;
    assert.deepEqual(
      list.map((s: { id: string; current: boolean }) => [s.id, s.current]),
      [[sid(phone), true]],
    );
  });

  test("a password change ends the others; this device continues in the same session", async () => {
    const { model, phone, laptop } = await modelOnTwoDevices();
    const res = await ctx.as(phone).put("/api/models/account/password", {
      current_password: model.body.password,
      new_password: "outra-senha-forte-1",
    });
    assert.equal(res.statusCode, 200, res.body);
    const renewed = res.json().token as string;
    assert.equal(sid(renewed), sid(phone));
    assert.equal((await profile(laptop)).statusCode, 401);
    assert.equal((await profile(phone)).statusCode, 401, "the old token carries the old session version");
    assert.equal((await profile(renewed)).statusCode, 200);
    const list = (await ctx.as(renewed).get("/api/models/sessions")).json().sessions;
    assert.deepEqual(
      list.map((s: { id: string }) => s.id),
      [sid(phone)],
    );
  });

  test("last seen is written at most once a minute", async () => {
    const { phone } = await modelOnTwoDevices();
    const lastSeen = async () =>
      (
        await ctx.app.db
          .select()
          .from(sessions)
          .where(eq(sessions.id, sid(phone)))
      )[0].lastSeenAt.getTime();
    await ctx.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '2 minutes'` })
      .where(eq(sessions.id, sid(phone)));
    const old = await lastSeen();
    await profile(phone);
    const touched = await lastSeen();
    assert.ok(touched - old > 100_000, "a use after a minute moves last seen");
    await ctx.app.db
      .update(sessions)
      .set({ lastSeenAt: sql`now() - interval '30 seconds'` })
      .where(eq(sessions.id, sid(phone)));
    const recent = await lastSeen();
    await profile(phone);
    assert.equal(await lastSeen(), recent, "a use within the minute writes nothing");
  });

  test("an expired session's token is refused even if the token were still valid", async () => {
    const { phone } = await modelOnTwoDevices();
    await ctx.app.db
      .update(sessions)
      .set({ firstSeenAt: sql`now() - interval '8 days'` })
      .where(eq(sessions.id, sid(phone)));
    assert.equal((await profile(phone)).statusCode, 401);
  });

  test("endSessions without `except` ends every session of the account (password reset)", async () => {
    const { model, phone, laptop } = await modelOnTwoDevices();
    assert.equal(await endSessions(ctx.app.db, { kind: "model", id: model.id }), 3);
    for (const token of [phone, laptop, model.token]) assert.equal((await profile(token)).statusCode, 401);
  });
});

describe("Sessões ativas (admin)", () => {
  test("admins only; list, end one and end the others, each end with one audit row", async () => {
    const model = await registerModel(ctx.app);
    const first = await signIn("admin", TEST_ADMIN, { ua: WINDOWS_EDGE, ip: "10.1.2.3" });
    const second = await signIn("admin", TEST_ADMIN, { ua: IPHONE_SAFARI, ip: "10.1.9.9" });
    const third = await signIn("admin", TEST_ADMIN, { ua: ANDROID_CHROME, ip: "10.7.7.7" });
    await expectAdminOnly(ctx.as, { model: model.token, admin: first }, (c) => c.get("/api/admin/sessions"));
    const list = (await ctx.as(first).get("/api/admin/sessions")).json().sessions;
    assert.equal(list.find((s: { id: string }) => s.id === sid(second)).device, "Safari no iOS");

    await expectOneAuditRow(ctx.app, "session.end", async () => {
      const res = await ctx.as(first).delete(`/api/admin/sessions/${sid(second)}`);
      assert.equal(res.statusCode, 200, res.body);
    });
    assert.equal((await ctx.as(second).get("/api/auth/verify")).statusCode, 401);
    assert.equal((await ctx.as(third).get("/api/auth/verify")).statusCode, 200);

    await expectOneAuditRow(ctx.app, "session.end_others", async () => {
      const res = await ctx.as(first).post("/api/admin/sessions/end-others");
      assert.equal(res.statusCode, 200, res.body);
      assert.ok(res.json().ended >= 1);
    });
    assert.equal((await ctx.as(third).get("/api/auth/verify")).statusCode, 401);
    assert.equal((await ctx.as(first).get("/api/auth/verify")).statusCode, 200);
  });
});

describe("device and network", () => {
  test("the device is the browser and the system, from the user agent", () => {
    assert.equal(describeDevice(ANDROID_CHROME), "Chrome no Android");
    assert.equal(describeDevice(IPHONE_SAFARI), "Safari no iOS");
    assert.equal(describeDevice(WINDOWS_EDGE), "Edge no Windows");
    assert.equal(
      describeDevice("Mozilla/5.0 (Macintosh; Intel Mac OS X 14.5; rv:127.0) Gecko/20100101 Firefox/127.0"),
      "Firefox no macOS",
    );
    assert.equal(describeDevice(undefined), UNKNOWN_DEVICE);
    assert.equal(describeDevice("curl/8.5.0"), UNKNOWN_DEVICE);
  });

  test("the network is the /24 (IPv4) or /48 (IPv6) prefix", () => {
    assert.equal(networkOf("189.40.12.77"), "189.40.12.x");
    assert.equal(networkOf("::ffff:189.40.12.77"), "189.40.12.x");
    assert.equal(networkOf("2804:14c:65:8000::1"), "2804:14c:65::/48");
    assert.equal(networkOf("2804::1"), "2804:0:0::/48");
    assert.equal(networkOf("nope"), "desconhecida");
  });
});
