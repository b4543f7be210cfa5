import assert from "node:assert/strict";
import { createHash } from "node:crypto";
import { before, describe, test } from "node:test";
import { DIRECT_LOGIN_INVALID } from "@vitrine/contracts";
import { desc, eq } from "drizzle-orm";
import { auditLog, directLoginTokens } from "../../db/schema";
import { countAuditRows, expectAdminOnly, expectOneAuditRow } from "../../test/admin-support";
import { buildModel, registerModel, updateModel } from "../../test/factories";
import { createTestContext, expectValidationError } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";

const ctx = useTestContext();
let admin: string;
let adminId: number;
before(async () => {
  admin = await signedInAdmin(ctx);
  adminId = (await ctx.as(admin).get("/api/auth/verify")).json().user.id;
});

async function issue(modelId: number): Promise<{ success: true; token: string; expires_at: string }> {
  const res = await ctx.as(admin).get(`/api/admin/direct-login-token/${modelId}`);
  assert.equal(res.statusCode, 200, res.body);
  return res.json();
}
const exchange = (token: string) => ctx.as(null).post("/api/auth/model/direct-login", { token });

function expectInvalid(res: { statusCode: number; json(): { error: string; code: string } }) {
  assert.equal(res.statusCode, 401);
  assert.equal(res.json().error, DIRECT_LOGIN_INVALID);
  assert.equal(res.json().code, "UNAUTHENTICATED");
}

describe("GET /api/admin/direct-login-token/:modelId", () => {
  test("admins only: no token 401, a model 403, an admin 200", async () => {
    const { id, token } = await registerModel(ctx.app);
    await expectAdminOnly(ctx.as, { model: token, admin }, (c) => c.get(`/api/admin/direct-login-token/${id}`));
  });

  test("a random token valid 5 minutes, stored only as its SHA-256, with the issuing admin; one audit row", async () => {
    const id = await buildModel(ctx.app);
    const started = Date.now();
    const json = await expectOneAuditRow(ctx.app, "direct_login.issue", () => issue(id));
    assert.equal(json.success, true);
    assert.match(json.token, /^[A-Za-z0-9_-]{43}$/, "32 random bytes in base64url");
    const ttl = Date.parse(json.expires_at) - started;
    assert.ok(ttl > 4.5 * 60_000 && ttl < 5.5 * 60_000, `expires in ${ttl} ms`);
    const rows = await ctx.app.db.select().from(directLoginTokens).where(eq(directLoginTokens.modelId, id));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].tokenHash, createHash("sha256").update(json.token).digest("hex"));
    assert.equal(rows[0].adminId, adminId);
    const [audit] = await ctx.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    assert.equal(audit.targetId, String(id));
    assert.ok(!JSON.stringify(audit.changes).includes(json.token), "the token is never in the audit log");
    // Each call gives a new token.
    assert.notEqual((await issue(id)).token, json.token);
  });

  test("an unknown or deleted model is 404", async () => {
    assert.equal((await ctx.as(admin).get("/api/admin/direct-login-token/99999999")).statusCode, 404);
    const id = await buildModel(ctx.app);
    await updateModel(ctx.app, id, { deletedAt: new Date() });
    assert.equal((await ctx.as(admin).get(`/api/admin/direct-login-token/${id}`)).statusCode, 404);
  });
});

describe("POST /api/auth/model/direct-login", () => {
  test("exchanges the token once for a normal model session; the use is audited under the issuing admin", async () => {
    const { id } = await registerModel(ctx.app, { name: "Lívia Ramos" });
    const { token } = await issue(id);
    const res = await expectOneAuditRow(ctx.app, "direct_login.use", () => exchange(token));
    assert.equal(res.statusCode, 200, res.body);
    const session = res.json();
    assert.equal(session.model.id, id);
    assert.equal(session.model.name, "Lívia Ramos");
    const profile = await ctx.as(session.token).get("/api/models/profile");
    assert.equal(profile.statusCode, 200, profile.body);
    const [audit] = await ctx.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    assert.equal(audit.action, "direct_login.use");
    assert.equal(audit.adminId, adminId);
    assert.equal(audit.targetId, String(id));

    const rowsBefore = await countAuditRows(ctx.app);
    expectInvalid(await exchange(token));
    assert.equal(await countAuditRows(ctx.app), rowsBefore, "a refused exchange writes nothing");
  });

  test("an expired token, an unknown one, or a deleted model's → the same 401", async () => {
    const id = await buildModel(ctx.app);
    const expired = await issue(id);
    await ctx.app.db
      .update(directLoginTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(directLoginTokens.tokenHash, createHash("sha256").update(expired.token).digest("hex")));
    expectInvalid(await exchange(expired.token));
    expectInvalid(await exchange("a".repeat(43)));

    const deletedByAdmin = await buildModel(ctx.app);
    const beforeDelete = await issue(deletedByAdmin);
    assert.equal((await ctx.as(admin).delete(`/api/admin/models/${deletedByAdmin}`)).statusCode, 200);
    expectInvalid(await exchange(beforeDelete.token));

    const deletedElsewhere = await buildModel(ctx.app);
    const pending = await issue(deletedElsewhere);
    await updateModel(ctx.app, deletedElsewhere, { deletedAt: new Date() });
    expectInvalid(await exchange(pending.token));
  });

  test("two exchanges racing: exactly one wins", async () => {
    const id = await buildModel(ctx.app);
    const { token } = await issue(id);
    const results = await Promise.all([exchange(token), exchange(token), exchange(token)]);
    assert.deepEqual(results.map((r) => r.statusCode).sort(), [200, 401, 401]);
  });

  test("a missing token is a validation error; no session is needed", async () => {
    expectValidationError(await ctx.as(null).post("/api/auth/model/direct-login", {}), ["token"]);
    expectValidationError(await ctx.as(null).post("/api/auth/model/direct-login", { token: "" }), ["token"]);
  });
});

describe("the per-network password budget", () => {
  test("token guesses spend from it like passwords: past the budget → 429 before the token is read", async () => {
    const limited = await createTestContext({ authRateLimit: 2 });
    try {
      const guess = () => limited.as(null).post("/api/auth/model/direct-login", { token: "palpite" });
      assert.equal((await guess()).statusCode, 401);
      assert.equal((await guess()).statusCode, 401);
      const res = await guess();
      assert.equal(res.statusCode, 429);
      assert.equal(res.json().code, "RATE_LIMITED");
    } finally {
      await limited.close();
    }
  });
});
