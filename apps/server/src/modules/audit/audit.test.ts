import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { loginAdmin, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";
import { recordAudit } from "./service";

const ctx = useTestContext();

describe("GET /api/admin/audit-log", () => {
  test("admins only: no token 401, a model 403", async () => {
    assert.equal((await ctx.as(null).get("/api/admin/audit-log")).statusCode, 401);
    const { token } = await registerModel(ctx.app);
    const res = await ctx.as(token).get("/api/admin/audit-log");
    assert.equal(res.statusCode, 403);
    assert.equal(res.json().code, "FORBIDDEN");
  });

  test("lists rows newest first with the admin's name, filtered by action, paged", async () => {
    const token = await loginAdmin(ctx.app);
    const adminId = (await ctx.as(token).get("/api/auth/verify")).json().user.id as number;
    // Her sign-in already wrote its own rows (the set-up of her authenticator): counted before the three below.
    const earlier = (await ctx.as(token).get("/api/admin/audit-log?limit=10")).json().pagination.total as number;
    for (const action of ["plan.create", "plan.delete", "plan.create"]) {
      await recordAudit({
        db: ctx.app.db,
        adminId,
        entry: { action, target: { type: "plan", id: 7 }, changes: { a: 1 } },
      });
    }
    const all = (await ctx.as(token).get("/api/admin/audit-log?limit=10")).json();
    assert.equal(all.pagination.total, earlier + 3);
    assert.equal(all.entries[0].action, "plan.create");
    assert.equal(all.entries[0].actor.length > 0, true);
    assert.deepEqual(all.entries[0].changes, { a: 1 });
    assert.equal(all.entries[0].target_id, "7");
    const deletes = (await ctx.as(token).get("/api/admin/audit-log?action=plan.delete")).json();
    assert.equal(deletes.pagination.total, 1);
    const page2 = (await ctx.as(token).get("/api/admin/audit-log?limit=10&page=2")).json();
    assert.equal(page2.entries.length, 0);
    const bad = await ctx.as(token).get("/api/admin/audit-log?limit=15");
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, "VALIDATION_ERROR");
  });
});
