import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, test } from "node:test";
import { brotliCompressSync, brotliDecompressSync } from "node:zlib";
import { useTestContext } from "../test/fixtures";

let dist: string;
before(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "vitrine-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
  writeFileSync(path.join(dist, "assets", "app-abc123.js.br"), brotliCompressSync("console.log(1)"));
});
const ctx = useTestContext(() => ({ webDistDir: dist }));
after(() => rmSync(dist, { recursive: true, force: true }));

test("non-API paths fall back to index.html so the web router decides", async () => {
  for (const url of ["/", "/cidade/sao-paulo-sp", "/admin/models", "/qualquer/coisa"]) {
    const res = await ctx.app.inject({ method: "GET", url });
    assert.equal(res.statusCode, 200, url);
    assert.match(res.headers["content-type"] as string, /text\/html/);
    assert.match(res.body, /id=root/);
  }
});

test("HEAD works wherever GET does: the web app's paths and its assets", async () => {
  for (const url of ["/", "/cidade/sao-paulo-sp", "/assets/app-abc123.js"]) {
    const res = await ctx.app.inject({ method: "HEAD", url });
    assert.equal(res.statusCode, 200, url);
    assert.equal(res.body, "", url);
  }
});

test("assets precompressed at build are sent as they are to a client that accepts them", async () => {
  const url = "/assets/app-abc123.js";
  const br = await ctx.app.inject({ method: "GET", url, headers: { "accept-encoding": "gzip, br" } });
  assert.equal(br.statusCode, 200);
  assert.equal(br.headers["content-encoding"], "br");
  assert.equal(brotliDecompressSync(br.rawPayload).toString(), "console.log(1)");
  const plain = await ctx.app.inject({ method: "GET", url });
  assert.equal(plain.body, "console.log(1)");
});

test("hashed assets are served with a long cache", async () => {
  const res = await ctx.app.inject({ method: "GET", url: "/assets/app-abc123.js" });
  assert.equal(res.statusCode, 200);
  assert.match(res.headers["cache-control"] as string, /immutable/);
});

test("unknown API and upload paths stay JSON 404, whatever the method", async () => {
  for (const [method, url] of [
    ["GET", "/api/nada"],
    ["POST", "/api/nada"],
    ["DELETE", "/api/nada"],
    ["GET", "/uploads/x"],
    ["GET", "/uploads"],
  ] as const) {
    const res = await ctx.app.inject({ method, url });
    assert.equal(res.statusCode, 404);
    assert.equal(res.json().error, "Rota não encontrada");
  }
});
