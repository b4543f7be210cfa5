import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { registerModel } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import { MAX_JSON_DEPTH } from "./json-body";
import { findNul } from "./reject-nul";

const ctx = useTestContext();

const nestedArrays = (depth: number) => "[".repeat(depth) + "]".repeat(depth);
const nestedObjects = (depth: number) => '{"a":'.repeat(depth) + "1" + "}".repeat(depth);

/** Public JSON routes anyone can reach without a token. */
const ROUTES = [
  { method: "POST", url: "/api/auth/model/login" },
  { method: "POST", url: "/api/auth/model/register" },
  { method: "POST", url: "/api/visits" },
] as const;

describe("deeply nested JSON bodies", () => {
  test("8,000 nested arrays (16 KB) → 400 in Portuguese, never a 500, on every public JSON route", async () => {
    const payload = nestedArrays(8000);
    assert.equal(payload.length, 16_000);
    for (const route of ROUTES) {
      const res = await ctx.app.inject({ ...route, headers: { "content-type": "application/json" }, payload });
      assert.equal(res.statusCode, 400, `${route.url}: ${res.body}`);
      assert.deepEqual(res.json(), { error: "JSON aninhado demais", code: "BAD_REQUEST" });
    }
  });

  test("deep objects inside a valid-looking body, and strings full of brackets", async () => {
    const deep = `{"email":"a@b.com","password":${nestedObjects(5000)}}`;
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      headers: { "content-type": "application/json" },
      payload: deep,
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.deepEqual(res.json(), { error: "JSON aninhado demais", code: "BAD_REQUEST" });

    // Brackets inside strings are text, not nesting: this is an ordinary (wrong) login.
    const text = JSON.stringify({ email: "a@b.com", password: `"\\${"[{".repeat(40)}` });
    const login = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      headers: { "content-type": "application/json" },
      payload: text,
    });
    assert.equal(login.statusCode, 401, login.body);
  });

  test(`nesting up to ${MAX_JSON_DEPTH} levels is still parsed and validated normally`, async () => {
    const { body } = await registerModel(ctx.app);
    const justDeepEnough = nestedArrays(MAX_JSON_DEPTH - 1);
    const res = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      headers: { "content-type": "application/json" },
      payload: `{"email":${JSON.stringify(body.email)},"password":${justDeepEnough}}`,
    });
    assert.equal(res.statusCode, 400, res.body);
    assert.equal(res.json().error, "Erro de validação");

    const tooDeep = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      headers: { "content-type": "application/json" },
      payload: `{"email":${JSON.stringify(body.email)},"password":${nestedArrays(MAX_JSON_DEPTH)}}`,
    });
    assert.equal(tooDeep.statusCode, 400);
    assert.deepEqual(tooDeep.json(), { error: "JSON aninhado demais", code: "BAD_REQUEST" });

    const ok = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      payload: { email: body.email, password: body.password },
    });
    assert.equal(ok.statusCode, 200, ok.body);
  });

  test("broken and empty JSON keep their own messages; prototype poisoning is refused", async () => {
    const send = (payload: string) =>
      ctx.app.inject({
        method: "POST",
        url: "/api/auth/model/login",
        headers: { "content-type": "application/json" },
        payload,
      });
    const broken = await send('{"email":');
    assert.equal(broken.statusCode, 400);
    assert.equal(broken.json().error, "JSON inválido no corpo da requisição");
    const poisoned = await send('{"email":"a@b.com","password":"x","__proto__":{"isAdmin":true}}');
    assert.equal(poisoned.statusCode, 400);
    const empty = await ctx.app.inject({
      method: "POST",
      url: "/api/auth/model/login",
      headers: { "content-type": "application/json" },
    });
    assert.equal(empty.statusCode, 400);
  });
});

describe("the NUL check walks any parsed value without recursion", () => {
  test("a value nested 100,000 levels deep is reported as too deep, at once", () => {
    let value: unknown = "fim";
    for (let i = 0; i < 100_000; i++) value = [value];
    assert.deepEqual(findNul(value), { tooDeep: true });
  });

  test("finds the path of a NUL, first key first", () => {
    assert.deepEqual(findNul({ a: "ok", b: ["x", "y\u0000"], c: "\u0000" }), { path: "b.1" });
    assert.deepEqual(findNul("\u0000"), { path: "(corpo)" });
    assert.equal(findNul({ a: [1, { b: "texto" }] }), null);
  });
});
