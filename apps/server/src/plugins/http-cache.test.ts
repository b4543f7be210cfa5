import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { buildModel, registerModel } from "../test/factories";
import { useTestContext } from "../test/fixtures";
import { pickEncoding, PUBLIC_CACHE_CONTROL } from "./http-cache";

describe("HTTP caching of public reads", () => {
  const ctx = useTestContext();
  before(async () => {
    await buildModel(ctx.app, { name: "Primeira" });
  });

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: "GET", url, headers });

  it("answers an ETag and the public cache policy, then 304 without a body while nothing changed", async () => {
    const first = await get("/api/models/public?page=1&limit=20");
    assert.equal(first.statusCode, 200);
    const tag = first.headers.etag as string;
    assert.match(tag, /^W\/".+"$/);
    assert.equal(first.headers["cache-control"], PUBLIC_CACHE_CONTROL);
    const again = await get("/api/models/public?page=1&limit=20", { "if-none-match": tag });
    assert.equal(again.statusCode, 304);
    assert.equal(again.body, "");
    assert.equal(again.headers.etag, tag);
    const head = await ctx.app.inject({ method: "HEAD", url: "/api/models/public?page=1&limit=20" });
    assert.equal(head.statusCode, 200);
    assert.equal(head.headers.etag, tag);
  });

  it("changes the ETag when the data changes, so the browser gets the new list", async () => {
    const before = await get("/api/models/public?page=1&limit=20");
    await buildModel(ctx.app, { name: "Segunda" });
    const after = await get("/api/models/public?page=1&limit=20", { "if-none-match": before.headers.etag as string });
    assert.equal(after.statusCode, 200);
    assert.notEqual(after.headers.etag, before.headers.etag);
    assert.match(after.body, /Segunda/);
  });

  it("covers cities, settings, categories and the profile; never personal, failed or streaming answers", async () => {
    for (const url of ["/api/cities", "/api/settings/public", "/api/settings/public/plans", "/api/categories"]) {
      const res = await get(url);
      assert.equal(res.statusCode, 200, url);
      assert.ok(res.headers.etag, url);
      assert.equal(res.headers["cache-control"], PUBLIC_CACHE_CONTROL, url);
    }
    const missing = await get("/api/models/public/999999");
    assert.equal(missing.statusCode, 404);
    assert.equal(missing.headers.etag, undefined);
    assert.equal(missing.headers["cache-control"], "no-store");
    const { token } = await registerModel(ctx.app);
    for (const url of ["/api/auth/verify", "/api/models/profile"]) {
      const res = await ctx.as(token).get(url);
      assert.equal(res.statusCode, 200, url);
      assert.equal(res.headers.etag, undefined, url);
      assert.equal(res.headers["cache-control"], "no-store", url);
    }
  });
});

describe("compression", () => {
  const ctx = useTestContext();
  before(async () => {
    for (let i = 0; i < 8; i++) await buildModel(ctx.app, { name: `Modelo Comprimida ${i}` });
  });

  it("sends JSON of 1 KB or more in brotli or gzip as the client accepts, the same content", async () => {
    const url = "/api/models/public?page=1&limit=20";
    const plain = await ctx.app.inject({ method: "GET", url });
    assert.equal(plain.headers["content-encoding"], undefined);
    assert.ok(plain.rawPayload.length >= 1024);
    const br = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, deflate, br" } });
    assert.equal(br.headers["content-encoding"], "br");
    assert.equal(br.headers.vary, "Accept-Encoding");
    assert.ok(br.rawPayload.length < plain.rawPayload.length / 2);
    assert.equal(brotliDecompressSync(br.rawPayload).toString(), plain.body);
    assert.equal(br.headers.etag, plain.headers.etag);
    const gz = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip;q=1, br;q=0" } });
    assert.equal(gz.headers["content-encoding"], "gzip");
    assert.equal(gunzipSync(gz.rawPayload).toString(), plain.body);
    const none = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": "identity" } });
    assert.equal(none.headers["content-encoding"], undefined);
  });

  it("leaves small answers alone", async () => {
    const res = await ctx.app.inject({ method: "GET", url: "/api/health", headers: { "accept-encoding": "br" } });
    assert.equal(res.headers["content-encoding"], undefined);
  });
});

describe("pickEncoding", () => {
  it("prefers brotli, honours q=0 and *", () => {
    assert.equal(pickEncoding("gzip, br"), "br");
    assert.equal(pickEncoding("gzip"), "gzip");
    assert.equal(pickEncoding("br;q=0, gzip"), "gzip");
    assert.equal(pickEncoding("*"), "br");
    assert.equal(pickEncoding("identity"), null);
    assert.equal(pickEncoding(undefined), null);
  });
});
