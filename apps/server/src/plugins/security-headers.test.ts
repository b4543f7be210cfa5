import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { after, before, describe, test } from "node:test";
import { photoUrl } from "@vitrine/contracts";
import type { LightMyRequestResponse } from "fastify";
import { addPhoto } from "../modules/photos/test-support";
import { bearer, makeVisible, registerModel } from "../test/factories";
import { useTestContext } from "../test/fixtures";

let dist: string;
before(async () => {
  dist = mkdtempSync(path.join(tmpdir(), "vitrine-dist-"));
  mkdirSync(path.join(dist, "assets"));
  writeFileSync(path.join(dist, "index.html"), "<!doctype html><div id=root></div>");
  writeFileSync(path.join(dist, "assets", "app-abc123.js"), "console.log(1)");
});
const ctx = useTestContext(() => ({ webDistDir: dist }));
after(() => rmSync(dist, { recursive: true, force: true }));

const CSP =
  "default-src 'self'; img-src 'self' data: blob:; object-src 'none'; base-uri 'self'; form-action 'self'; " +
  "frame-ancestors 'none'";

function assertSecurityHeaders(
  res: LightMyRequestResponse,
  label: string,
  referrer = "strict-origin-when-cross-origin",
) {
  const csp = String(res.headers["content-security-policy"] ?? "");
  assert.deepEqual(
    csp.split(";").map((d) => d.trim()),
    CSP.split(";").map((d) => d.trim()),
    label,
  );
  assert.equal(res.headers["x-content-type-options"], "nosniff", label);
  assert.equal(res.headers["x-frame-options"], "DENY", label);
  assert.equal(res.headers["referrer-policy"], referrer, label);
}

describe("security headers on every response", () => {
  test("JSON routes, errors and unknown API paths", async () => {
    const health = await ctx.app.inject({ method: "GET", url: "/api/health" });
    assert.equal(health.statusCode, 200);
    assertSecurityHeaders(health, "health");

    const invalid = await ctx.app.inject({ method: "POST", url: "/api/auth/model/login", payload: {} });
    assert.equal(invalid.statusCode, 400);
    assertSecurityHeaders(invalid, "validation error");

    const unknown = await ctx.app.inject({ method: "GET", url: "/api/nada" });
    assert.equal(unknown.statusCode, 404);
    assertSecurityHeaders(unknown, "unknown API path");
  });

  test("the web app's HTML and assets; the advertiser's pages send no referrer", async () => {
    for (const url of ["/", "/cidade/sao-paulo-sp", "/assets/app-abc123.js"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      assert.equal(res.statusCode, 200, url);
      assertSecurityHeaders(res, url);
    }
    for (const url of ["/dashboard", "/dashboard/gallery", "/dashboard/profile?x=1"]) {
      const res = await ctx.app.inject({ method: "GET", url });
      assert.equal(res.statusCode, 200, url);
      assert.match(res.body, /id=root/);
      assertSecurityHeaders(res, url, "no-referrer");
    }
  });

  test("photos under /uploads, public and signed; the owner's APIs that carry signed URLs send no referrer", async () => {
    const model = await registerModel(ctx.app);
    await makeVisible(ctx.app, model.id);
    const photo = await addPhoto(ctx.app, model.token, { is_public: "true" });

    const publicPhoto = await ctx.app.inject({ method: "GET", url: photoUrl(photo.filename) });
    assert.equal(publicPhoto.statusCode, 200);
    assertSecurityHeaders(publicPhoto, "public photo");

    const signed = await ctx.app.inject({ method: "GET", url: photo.url });
    assert.equal(signed.statusCode, 200);
    assertSecurityHeaders(signed, "signed photo", "no-referrer");

    const missing = await ctx.app.inject({ method: "GET", url: photoUrl("0".repeat(32)) });
    assert.equal(missing.statusCode, 404);
    assertSecurityHeaders(missing, "missing photo");

    for (const url of ["/api/models/profile", "/api/models/photos"]) {
      const res = await ctx.app.inject({ method: "GET", url, headers: bearer(model.token) });
      assert.equal(res.statusCode, 200, url);
      assertSecurityHeaders(res, url, "no-referrer");
    }
  });
});
