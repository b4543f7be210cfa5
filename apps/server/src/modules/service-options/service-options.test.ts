import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { desc, eq } from "drizzle-orm";
import { auditLog } from "../../db/schema";
import { bearer, loginAdmin, registerModel } from "../../test/factories";
import { useTestContext } from "../../test/fixtures";

const ctx = useTestContext();

const publicNames = async () => {
  const res = await ctx.app.inject({ method: "GET", url: "/api/service-options" });
  assert.equal(res.statusCode, 200, res.body);
  return (res.json() as { options: string[] }).options;
};

describe("service options", () => {
  test("the admin adds and removes names, each with its audit row; the public list follows at once", async () => {
    const admin = await loginAdmin(ctx.app);
    const add = (name: unknown) =>
      ctx.app.inject({ method: "POST", url: "/api/admin/service-options", headers: bearer(admin), payload: { name } });
    const massagem = await add(" Massagem tântrica ");
    assert.equal(massagem.statusCode, 200, massagem.body);
    const option = massagem.json().option as { id: number; name: string };
    assert.equal(option.name, "Massagem tântrica");
    assert.equal((await add("Beijo grego")).statusCode, 200);
    assert.deepEqual(await publicNames(), ["Beijo grego", "Massagem tântrica"]);

    const duplicate = await add("MASSAGEM TANTRICA");
    assert.equal(duplicate.statusCode, 409);
    assert.equal(duplicate.json().error, "Este serviço já está na lista");
    for (const name of ["", "a,b", "x".repeat(61), 5]) assert.equal((await add(name)).statusCode, 400, String(name));

    const [row] = await ctx.app.db.select().from(auditLog).orderBy(desc(auditLog.id)).limit(1);
    assert.equal(row.action, "service_option.create");

    const listed = await ctx.app.inject({ method: "GET", url: "/api/admin/service-options", headers: bearer(admin) });
    assert.deepEqual(
      listed.json().options.map((o: { name: string }) => o.name),
      ["Beijo grego", "Massagem tântrica"],
    );
    const removed = await ctx.app.inject({
      method: "DELETE",
      url: `/api/admin/service-options/${option.id}`,
      headers: bearer(admin),
    });
    assert.deepEqual(removed.json(), { success: true });
    assert.deepEqual(await publicNames(), ["Beijo grego"]);
    const audit = await ctx.app.db.select().from(auditLog).where(eq(auditLog.action, "service_option.delete"));
    assert.equal(audit.length, 1);
    const again = await ctx.app.inject({
      method: "DELETE",
      url: `/api/admin/service-options/${option.id}`,
      headers: bearer(admin),
    });
    assert.equal(again.statusCode, 404);
  });

  test("who may call: the admin routes refuse no token (401) and a model (403)", async () => {
    const model = await registerModel(ctx.app);
    for (const [method, url] of [
      ["GET", "/api/admin/service-options"],
      ["POST", "/api/admin/service-options"],
      ["DELETE", "/api/admin/service-options/1"],
    ] as const) {
      assert.equal(
        (await ctx.app.inject({ method, url, payload: method === "POST" ? { name: "X" } : undefined })).statusCode,
        401,
      );
      const asModel = await ctx.app.inject({
        method,
        url,
        headers: bearer(model.token),
        payload: method === "POST" ? { name: "X" } : undefined,
      });
      assert.equal(asModel.statusCode, 403, url);
    }
    assert.ok(!(await publicNames()).includes("X"), "nothing was added");
  });
});
