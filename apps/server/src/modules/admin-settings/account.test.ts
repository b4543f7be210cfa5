import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { count, eq } from "drizzle-orm";
import { admins, auditLog } from "../../db/schema";
import { hashPassword } from "../../lib/passwords";
import { loginAdmin, registerModel } from "../../test/factories";
import { expectValidationError, TEST_ADMIN } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext();

const auditRows = async () => (await ctx.app.db.select({ n: count() }).from(auditLog))[0].n;
const login = (email: string, password: string) =>
  ctx.app.inject({ method: "POST", url: "/api/auth/admin/login", payload: { email, password } });

describe("PUT /api/admin/account", () => {
  test("no token 401, a model 403", async () => {
    const body = { current_password: TEST_ADMIN.password, new_password: "outra-senha-123" };
    assert.equal((await ctx.as(null).put("/api/admin/account", body)).statusCode, 401);
    const { token } = await registerModel(ctx.app);
    assert.equal((await ctx.as(token).put("/api/admin/account", body)).statusCode, 403);
  });

  test("a wrong current password → 400 on current_password (not 401); nothing changes", async () => {
    const token = await loginAdmin(ctx.app);
    const before = await auditRows();
    const res = await ctx
      .as(token)
      .put("/api/admin/account", { current_password: "errada", new_password: "x".repeat(10) });
    expectValidationError(res, ["current_password"], "Senha atual incorreta");
    assert.equal(await auditRows(), before);
    assert.equal((await ctx.as(token).get("/api/auth/verify")).statusCode, 200, "the session goes on");
  });

  test("neither a new e-mail nor a new password → 400", async () => {
    const token = await loginAdmin(ctx.app);
    expectValidationError(await ctx.as(token).put("/api/admin/account", { current_password: TEST_ADMIN.password }), [
      "email",
    ]);
  });

  test("an e-mail of another admin → 409", async () => {
    await ctx.app.db
      .insert(admins)
      .values({ username: "outro", email: "outro@test.local", passwordHash: await hashPassword("senha-do-outro") });
    const token = await loginAdmin(ctx.app);
    const res = await ctx
      .as(token)
      .put("/api/admin/account", { current_password: TEST_ADMIN.password, email: "Outro@Test.local" });
    assert.equal(res.statusCode, 409);
    assert.equal(res.json().details[0].path, "email");
  });

  test("changing e-mail and password ends every other session and answers a fresh token; one audit row", async () => {
    const thisDevice = await loginAdmin(ctx.app);
    const otherDevice = await loginAdmin(ctx.app);
    const before = await auditRows();
    const res = await ctx.as(thisDevice).put("/api/admin/account", {
      current_password: TEST_ADMIN.password,
      email: "Chefe@Test.local",
      new_password: "nova-senha-forte-456",
    });
    assert.equal(res.statusCode, 200, res.body);
    const { token, user } = res.json();
    assert.equal(user.email, "chefe@test.local");
    assert.equal((await ctx.as(otherDevice).get("/api/auth/verify")).statusCode, 401, "the other session ended");
    assert.equal((await ctx.as(thisDevice).get("/api/auth/verify")).statusCode, 401, "the old token too");
    const verify = await ctx.as(token).get("/api/auth/verify");
    assert.equal(verify.statusCode, 200);
    assert.equal(verify.json().user.email, "chefe@test.local");
    assert.equal((await login(TEST_ADMIN.email, TEST_ADMIN.password)).statusCode, 401);
    assert.equal((await login("chefe@test.local", TEST_ADMIN.password)).statusCode, 401);
    assert.equal((await login("chefe@test.local", "nova-senha-forte-456")).statusCode, 200);

    assert.equal(await auditRows(), before + 1);
    const [audit] = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, "admin.account"));
    assert.deepEqual(audit.changes, {
      email: { from: TEST_ADMIN.email, to: "chefe@test.local" },
      password_changed: true,
    });
    assert.ok(!JSON.stringify(audit.changes).includes("nova-senha"), "no password in the audit log");
  });
});
