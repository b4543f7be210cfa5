import assert from "node:assert/strict";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, test } from "node:test";
import { loadConfig } from "../config";
import { publicAdvertiser, registeredAdvertiser, signedInAdmin, useTestContext } from "./fixtures";
import type { TestContext } from "./helper";

const ctx = useTestContext({ sseMaxPerIp: 3 });

describe("the test configuration", () => {
  test("has every setting the server's loader has, so a new one reaches the tests with its default", () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), "vitrine-config-"));
    try {
      const loaded = loadConfig({ DATA_DIR: dataDir });
      assert.deepEqual(Object.keys(ctx.config).sort(), Object.keys(loaded).sort());
      assert.equal(ctx.config.headersTimeoutMs, loaded.headersTimeoutMs, "a setting the tests leave alone");
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("makes the tests' own choices, and a suite's overrides win", () => {
    assert.equal(ctx.config.passwordHashCost, "test");
    assert.equal(ctx.config.logLevel, "silent");
    assert.equal(ctx.config.jobsEnabled, false);
    assert.equal(ctx.config.storageSweepIntervalMs, 0);
    assert.equal(ctx.config.webDistDir, undefined);
    assert.equal(ctx.config.mercadoPagoApiUrl, "http://127.0.0.1:9");
    assert.equal(ctx.config.sseMaxPerIp, 3);
    assert.equal(ctx.config.dataDir.startsWith(tmpdir()), true, ctx.config.dataDir);
  });
});

describe("people", () => {
  test("signedInAdmin: a token the admin routes accept", async () => {
    const admin = await signedInAdmin(ctx);
    const res = await ctx.as(admin).get("/api/admin/dashboard");
    assert.equal(res.statusCode, 200, res.body);
  });

  test("publicAdvertiser is on her public profile; registeredAdvertiser is not, yet can sign in", async () => {
    const shown = await publicAdvertiser(ctx, { name: "Ana Pública" });
    const profile = await ctx.as(null).get(`/api/models/public/${shown.id}`);
    assert.equal(profile.statusCode, 200, profile.body);
    assert.equal(profile.json().model.name, "Ana Pública");

    const hidden = await registeredAdvertiser(ctx);
    assert.equal((await ctx.as(null).get(`/api/models/public/${hidden.id}`)).statusCode, 404);
    assert.equal((await ctx.as(hidden.token).get("/api/models/profile")).statusCode, 200);
  });
});

let describesContext: TestContext;
describe("a describe's own context", () => {
  const inner = useTestContext();
  describesContext = inner;

  test("is another site, on a database of its own", async () => {
    const { id } = await publicAdvertiser(ctx);
    assert.notEqual(inner.app, ctx.app);
    assert.equal((await inner.as(null).get(`/api/models/public/${id}`)).statusCode, 404);
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200);
  });
});

test("a context read outside its suite's hooks throws saying so", () => {
  assert.throws(() => describesContext.app, /ctx\.app read while the test context is not open/);
  assert.ok(ctx.app, "the file's context is still open");
});
