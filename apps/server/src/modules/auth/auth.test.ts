import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createTestContext, TEST_ADMIN } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { bearer, buildRegistration, loginAdmin, registerModel, RIO } from "../../test/factories";
import { completeSignIn } from "../../test/two-factor";

const ctx = useTestContext();

const register = (payload: unknown) =>
  ctx.app.inject({ method: "POST", url: "/api/auth/model/register", payload: payload as object });

describe("POST /api/auth/model/register", () => {
  test("creates the model and signs it in", async () => {
    const body = buildRegistration({ email: "  Nova.Modelo@Example.COM ", phone: "(11) 98765-4321" });
    const res = await register(body);
    assert.equal(res.statusCode, 201);
    const json = res.json();
    assert.ok(json.token);
    assert.equal(json.model.email, "nova.modelo@example.com");
    assert.equal(json.model.payment_status, "no_payment");
    assert.equal(
      json.model.payment_message,
      "Você ainda não tem um plano ativo. Escolha um plano em Pagamentos para seu perfil aparecer no site.",
    );
    assert.equal("password_hash" in json.model, false);

    const verify = await ctx.app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(json.token) });
    assert.equal(verify.statusCode, 200);
    assert.equal(verify.json().valid, true);
    assert.equal(verify.json().model.id, json.model.id);
  });

  const invalidCases: [string, Record<string, unknown>, string][] = [
    ["missing username", { username: undefined }, "username"],
    ["missing email", { email: undefined }, "email"],
    ["invalid email", { email: "nao-e-email" }, "email"],
    ["missing password", { password: undefined }, "password"],
    ["short password", { password: "123" }, "password"],
    ["missing name", { name: "" }, "name"],
    ["missing age", { age: undefined }, "age"],
    ["age 17", { age: 17 }, "age"],
    ["age 101", { age: 101 }, "age"],
    ["fractional age", { age: 20.5 }, "age"],
    ["missing estado", { estado_id: undefined }, "estado_id"],
    ["missing municipio", { municipio_id: undefined }, "municipio_id"],
    ["missing category", { category_id: undefined }, "category_id"],
    ["bad phone", { phone: "123" }, "phone"],
  ];
  for (const [label, change, path] of invalidCases) {
    test(`rejects ${label} with a 400 naming ${path}`, async () => {
      const res = await register({ ...buildRegistration(), ...change });
      assert.equal(res.statusCode, 400);
      const json = res.json();
      assert.equal(json.error, "Erro de validação");
      const detail = json.details.find((d: { path: string }) => d.path === path);
      assert.ok(detail, `expected a detail for ${path}: ${res.body}`);
      assert.match(detail.message, /\p{L}/u);
    });
  }

  test("accepts ages 18 and 100", async () => {
    assert.equal((await register(buildRegistration({ age: 18 }))).statusCode, 201);
    assert.equal((await register(buildRegistration({ age: 100 }))).statusCode, 201);
  });

  test("rejects a municipio of another estado", async () => {
    const res = await register(buildRegistration({ estado_id: 35, municipio_id: RIO.municipio_id }));
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().details[0].path, "municipio_id");
    assert.match(res.json().details[0].message, /não pertence ao estado/);
  });

  test("rejects unknown estado, municipio and category", async () => {
    const res = await register(buildRegistration({ estado_id: 99, municipio_id: 9999999, category_id: 9999 }));
    assert.equal(res.statusCode, 400);
    const paths = res
      .json()
      .details.map((d: { path: string }) => d.path)
      .sort();
    assert.deepEqual(paths, ["category_id", "estado_id", "municipio_id"]);
  });

  test("rejects a duplicate e-mail (any case) and a duplicate username with 409", async () => {
    const first = await registerModel(ctx.app);
    const dupEmail = await register(buildRegistration({ email: first.body.email.toUpperCase() }));
    assert.equal(dupEmail.statusCode, 409);
    assert.equal(dupEmail.json().details[0].path, "email");
    assert.equal(dupEmail.json().error, "E-mail já cadastrado");
    const dupUser = await register(buildRegistration({ username: first.body.username }));
    assert.equal(dupUser.statusCode, 409);
    assert.equal(dupUser.json().details[0].path, "username");
  });

  test("answers 400 for malformed JSON", async () => {
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/register",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    assert.equal(res.statusCode, 400);
    assert.equal(res.json().error, "JSON inválido no corpo da requisição");
  });
});

describe("login", () => {
  test("model login succeeds with e-mail and password and fails generically", async () => {
    const { body } = await registerModel(ctx.app);
    const ok = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      payload: { email: body.email, password: body.password },
    });
    assert.equal(ok.statusCode, 200);
    assert.equal(ok.json().model.payment_status, "no_payment");
    assert.ok(ok.json().token);

    const wrongPassword = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      payload: { email: body.email, password: "errada-123" },
    });
    const unknownEmail = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      payload: { email: "ninguem@example.com", password: "errada-123" },
    });
    assert.equal(wrongPassword.statusCode, 401);
    assert.equal(unknownEmail.statusCode, 401);
    assert.equal(wrongPassword.json().error, unknownEmail.json().error);
  });

  test("admin login asks the second step (modules/two-factor), then returns the user; a model cannot log in as admin", async () => {
    const res = await ctx.app.inject({ method: "POST", url: "/api/auth/admin/login", payload: TEST_ADMIN });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().token, undefined, "no session before the second step");
    assert.ok(["setup", "verify"].includes(res.json().two_factor));
    const token = await completeSignIn(ctx.app, "admin", res.json());
    const verify = await ctx.app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(token) });
    assert.equal(verify.json().user.email, TEST_ADMIN.email);
    const { body } = await registerModel(ctx.app);
    const asAdmin = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/admin/login",
      payload: { email: body.email, password: body.password },
    });
    assert.equal(asAdmin.statusCode, 401);
  });
});

describe("GET /api/auth/verify", () => {
  test("admin token → user", async () => {
    const token = await loginAdmin(ctx.app);
    const res = await ctx.app.inject({ method: "GET", url: "/api/auth/verify", headers: bearer(token) });
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().user.email, TEST_ADMIN.email);
    assert.equal(res.json().model, undefined);
  });

  test("garbage, missing and foreign-signed tokens → 401", async () => {
    for (const headers of [bearer("garbage"), {}, bearer(`${(await loginAdmin(ctx.app)).slice(0, -4)}AAAA`)]) {
      const res = await ctx.app.inject({ method: "GET", url: "/api/auth/verify", headers });
      assert.equal(res.statusCode, 401);
      assert.ok(res.json().error);
    }
  });
});

describe("rate limit", () => {
  test("the login route answers 429 in Portuguese after too many attempts", async () => {
    const limited = await createTestContext({ authRateLimit: 3 });
    try {
      const attempt = () =>
        limited.app.inject({
          method: "POST",
          url: "/api/auth/model/login",
          payload: { email: "a@b.com", password: "x" },
          remoteAddress: "203.0.113.9",
        });
      for (let i = 0; i < 3; i++) assert.equal((await attempt()).statusCode, 401);
      const blocked = await attempt();
      assert.equal(blocked.statusCode, 429);
      assert.match(blocked.json().error, /Muitas tentativas/);
      const otherIp = await limited.app.inject({
        method: "POST",
        url: "/api/auth/model/login",
        payload: { email: "a@b.com", password: "x" },
        remoteAddress: "203.0.113.10",
      });
      assert.equal(otherIp.statusCode, 401);
    } finally {
      await limited.close();
    }
  });
});
