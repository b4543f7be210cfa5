import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { admins } from "../db/schema";
import { raiseModelChange, withoutId } from "../test/events";
import { buildModel, loginAdmin, registerModel, updateModel } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import type { ModelEvent } from "./events";

const ctx = useTestContext();

const sign = (claims: Record<string, unknown>, opts: { sub?: string; exp?: boolean; secret?: string } = {}) => {
  let jwt = new SignJWT(claims).setProtectedHeader({ alg: "HS256" }).setIssuedAt();
  if (opts.sub !== undefined) jwt = jwt.setSubject(opts.sub);
  if (opts.exp !== false) jwt = jwt.setExpirationTime("1h");
  return jwt.sign(new TextEncoder().encode(opts.secret ?? ctx.config.jwtSecret));
};

describe("audience scopes", () => {
  test("a model route refuses a caller without a session before reading the body", async () => {
    const empty = await ctx.as(null).put("/api/models/profile", {});
    assert.equal(empty.statusCode, 401);
    assert.equal(empty.json().code, "UNAUTHENTICATED");
    assert.equal(empty.json().details, undefined, "no field list leaks to an anonymous caller");

    // Not even malformed JSON is parsed: the guard answers first.
    const malformed = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/profile",
      headers: { "content-type": "application/json" },
      payload: "{not json",
    });
    assert.equal(malformed.statusCode, 401);
    assert.equal(malformed.json().code, "UNAUTHENTICATED");
  });

  test("an admin token on a model route is 403 FORBIDDEN, before the body", async () => {
    const admin = await loginAdmin(ctx.app);
    const res = await ctx.as(admin).put("/api/models/profile", {});
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, "FORBIDDEN");
  });

  test("the bearer scheme is case-insensitive", async () => {
    const { token } = await registerModel(ctx.app);
    for (const scheme of ["Bearer", "bearer", "BEARER"]) {
      const res = await ctx.app.inject({
        method: "GET",
        url: "/api/models/profile",
        headers: { authorization: `${scheme} ${token}` },
      });
      assert.equal(res.statusCode, 200, scheme);
    }
    const basic = await ctx.app.inject({
      method: "GET",
      url: "/api/models/profile",
      headers: { authorization: `Basic ${token}` },
    });
    assert.equal(basic.statusCode, 401);
  });
});

describe("tokens", () => {
  test("exp, sub and the session id are required, the signature must be ours", async () => {
    const { id, token } = await registerModel(ctx.app);
    const sid = decodeJwt(token).sid;
    const good = await sign({ role: "model", sv: 0, sid }, { sub: String(id) });
    assert.equal((await ctx.as(good).get("/api/models/profile")).statusCode, 200);
    const cases = {
      "no exp": await sign({ role: "model", sv: 0, sid }, { sub: String(id), exp: false }),
      "no sub": await sign({ role: "model", sv: 0, sid, id }),
      "no session version": await sign({ role: "model", sid }, { sub: String(id) }),
      "no session id": await sign({ role: "model", sv: 0 }, { sub: String(id) }),
      "an unknown session id": await sign({ role: "model", sv: 0, sid: "nope" }, { sub: String(id) }),
      "another account's session id": await sign(
        { role: "model", sv: 0, sid },
        { sub: String(await buildModel(ctx.app)) },
      ),
      "another key": await sign({ role: "model", sv: 0, sid }, { sub: String(id), secret: "not-the-server-secret" }),
    };
    for (const [name, token] of Object.entries(cases)) {
      const res = await ctx.as(token).get("/api/models/profile");
      assert.equal(res.statusCode, 401, name);
      assert.equal(res.json().code, "UNAUTHENTICATED", name);
    }
  });

  test("raising an admin's session version ends the sessions signed before", async () => {
    const token = await loginAdmin(ctx.app);
    assert.equal((await ctx.as(token).get("/api/auth/verify")).statusCode, 200);
    const [admin] = await ctx.app.db.select().from(admins);
    await ctx.app.db
      .update(admins)
      .set({ sessionVersion: admin.sessionVersion + 1 })
      .where(eq(admins.id, admin.id));
    const res = await ctx.as(token).get("/api/auth/verify");
    assert.equal(res.statusCode, 401);
    assert.equal(res.json().code, "UNAUTHENTICATED");
    assert.equal((await ctx.as(await loginAdmin(ctx.app)).get("/api/auth/verify")).statusCode, 200);
  });
});

describe("recordModelChange", () => {
  const collect = async (run: () => Promise<void>) => {
    const events: ModelEvent[] = [];
    const unsubscribe = ctx.app.events.subscribe((e) => events.push(withoutId(e)));
    await run();
    unsubscribe();
    return events;
  };

  test("records when a model becomes hidden, and never about a model hidden throughout", async () => {
    const visible = await buildModel(ctx.app);
    await updateModel(ctx.app, visible, { isActive: false });
    const hiding = await collect(() => raiseModelChange(ctx.app, visible, { before: true }));
    assert.deepEqual(hiding, [{ type: "model_status_updated", model_id: visible }]);

    const hidden = await buildModel(ctx.app, { validDays: null });
    assert.deepEqual(await collect(() => raiseModelChange(ctx.app, hidden)), []);
    assert.deepEqual(await collect(() => raiseModelChange(ctx.app, hidden, { before: false, after: false })), []);

    const shown = await buildModel(ctx.app);
    const showing = await collect(() => raiseModelChange(ctx.app, shown, { before: false }));
    assert.deepEqual(showing, [{ type: "model_status_updated", model_id: shown }]);
  });
});
