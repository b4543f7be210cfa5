import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { createTestContext } from "../../test/helper";
import { useTestContext } from "../../test/fixtures";
import { safeNextPath } from "./service";

const ctx = useTestContext();

describe("GET /api/age-gate", () => {
  test("sets the acceptance cookie for a year and sends the visitor back to the page", async () => {
    const res = await ctx.app.inject({
      method: "GET",
      url: "/api/age-gate?next=%2Fcidade%2Fcampinas-sp%3Fsearch%3Dana",
    });
    assert.equal(res.statusCode, 303);
    assert.equal(res.headers.location, "/cidade/campinas-sp?search=ana");
    assert.equal(res.headers["set-cookie"], "age_ok=1; Path=/; Max-Age=31536000; SameSite=Lax");
    assert.equal(res.headers["cache-control"], "no-store");
    assert.equal(res.body, "");
  });

  test("behind a trusted HTTPS proxy the cookie is Secure; a client's own header is not trusted", async () => {
    const plain = await ctx.app.inject({
      method: "GET",
      url: "/api/age-gate?next=/",
      headers: { "x-forwarded-proto": "https" },
    });
    assert.doesNotMatch(String(plain.headers["set-cookie"]), /Secure/, "no proxy is trusted here");
    const proxied = await createTestContext({ trustProxy: true });
    try {
      const res = await proxied.app.inject({
        method: "GET",
        url: "/api/age-gate?next=/",
        headers: { "x-forwarded-proto": "https" },
      });
      assert.equal(res.headers["set-cookie"], "age_ok=1; Path=/; Max-Age=31536000; SameSite=Lax; Secure");
    } finally {
      await proxied.close();
    }
  });

  test("never redirects off the site", async () => {
    for (const next of [
      "https://evil.example/",
      "//evil.example/x",
      "/\\evil.example",
      "/%0d%0aSet-Cookie:x=1",
      "javascript:alert(1)",
      "",
    ]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/age-gate?next=${encodeURIComponent(next)}` });
      assert.equal(res.statusCode, 303, next);
      const location = String(res.headers.location);
      assert.ok(location.startsWith("/") && !location.startsWith("//"), `${next} → ${location}`);
      assert.doesNotMatch(location, /evil|[\r\n]/, next);
    }
    const bare = await ctx.app.inject({ method: "GET", url: "/api/age-gate" });
    assert.equal(bare.headers.location, "/");
  });

  test("a next that normalises to another host (dot segments, encoded dots, backslashes) goes home", async () => {
    for (const next of [
      "/..//evil.example",
      "/.//evil.example",
      "/a/..//evil.example",
      "/%2e%2e//evil.example",
      "/%2E%2E//evil.example/x?y#z",
      "/..\\evil.example",
      "/a/..\\/evil.example",
    ]) {
      const res = await ctx.app.inject({ method: "GET", url: `/api/age-gate?next=${encodeURIComponent(next)}` });
      assert.equal(res.statusCode, 303, next);
      assert.equal(res.headers.location, "/", next);
    }
    const raw = await ctx.app.inject({ method: "GET", url: "/api/age-gate?next=/..//evil.example" });
    assert.equal(raw.headers.location, "/");
  });

  test("an oversized next is a 400 in Portuguese, without the cookie", async () => {
    const res = await ctx.app.inject({ method: "GET", url: `/api/age-gate?next=/${"a".repeat(3000)}` });
    assert.equal(res.statusCode, 400);
    const body = res.json() as { error: string; code: string; details: { path: string; message: string }[] };
    assert.equal(body.details[0]?.message, "Endereço inválido");
    assert.equal(res.headers["set-cookie"], undefined);
  });
});

describe("safeNextPath", () => {
  test("keeps paths of the site, query and fragment included", () => {
    assert.equal(safeNextPath("/model/12#fotos"), "/model/12#fotos");
    assert.equal(safeNextPath("/a/../cidade/x"), "/cidade/x");
  });
  test("anything else is the home page", () => {
    for (const next of [
      undefined,
      "",
      "cidade",
      "//x.y",
      "/\\x.y",
      "/\u0000",
      "http://x.y/",
      "/..//x.y",
      "/%2e%2e//x.y",
    ]) {
      assert.equal(safeNextPath(next), "/", String(next));
    }
  });
});
