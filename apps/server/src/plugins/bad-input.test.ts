import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { bearer, buildRegistration } from "../test/factories";
import { createTestContext } from "../test/helper";
import { useTestContext, registeredAdvertiser } from "../test/fixtures";

const ctx = useTestContext();
let token: string;
before(async () => {
  token = (await registeredAdvertiser(ctx)).token;
});

/** Odd input is the caller's mistake: a Portuguese 400 (or 404), never a 500. */
describe("bad input never reaches the database as a 500", () => {
  test("ids beyond the integer range are 400s, not database errors", async () => {
    for (const [method, url] of [
      ["GET", "/api/products/99999999999"],
      ["GET", "/api/cities/municipios/99999"],
      ["PATCH", "/api/models/photos/99999999999/primary"],
      ["DELETE", "/api/models/photos/99999999999"],
    ] as const) {
      const res = await ctx.app.inject({ method, url, headers: bearer(token) });
      assert.equal(res.statusCode, 400, `${method} ${url}: ${res.body}`);
      assert.equal(res.json().error, "Erro de validação");
    }
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/register",
      payload: buildRegistration({ estado_id: 99999, municipio_id: 99999999999, category_id: 99999999999 }),
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
      ["category_id", "estado_id", "municipio_id"],
    );
  });

  test("arrays and booleans are not numbers", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/register",
      payload: { ...buildRegistration(), age: [25], estado_id: [35], category_id: true },
    });
    assert.equal(res.statusCode, 400);
    assert.deepEqual(
      res
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
      ["age", "category_id", "estado_id"],
    );
  });

  test("numbers typed as text still count (forms, query strings)", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/register",
      payload: { ...buildRegistration(), age: "30", estado_id: "35", municipio_id: "3550308", category_id: "1" },
    });
    assert.equal(res.statusCode, 201, res.body);
  });

  test("a NUL character anywhere is refused with the field's path", async () => {
    const search = await ctx.app.inject({ method: "GET", url: "/api/models/public?search=%00" });
    assert.equal(search.statusCode, 400);
    assert.equal(search.json().details[0].path, "search");
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      payload: { email: "a\u0000b", password: "x" },
    });
    assert.equal(login.statusCode, 400);
    assert.equal(login.json().details[0].path, "email");
    const profile = await ctx.app.inject({
      method: "PUT",
      url: "/api/models/profile",
      headers: bearer(token),
      payload: { name: "Ana\u0000X" },
    });
    assert.equal(profile.statusCode, 400);
    assert.equal(profile.json().details[0].path, "name");
  });

  test("X-Forwarded-For is ignored unless TRUST_PROXY is set", async () => {
    const limited = await createTestContext({ authRateLimit: 2 });
    try {
      const attempt = (ip: string) =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/model/login",
          payload: { email: "a@b.com", password: "x" },
          headers: { "x-forwarded-for": ip },
          remoteAddress: "198.51.100.7",
        });
      assert.equal((await attempt("10.0.0.1")).statusCode, 401);
      assert.equal((await attempt("10.0.0.2")).statusCode, 401);
      assert.equal((await attempt("10.0.0.3")).statusCode, 429, "a forged header does not reset the limit");
    } finally {
      await limited.close();
    }
  });
});
