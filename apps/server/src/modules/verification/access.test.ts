import assert from "node:assert/strict";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { before, describe, test } from "node:test";
import { and, eq } from "drizzle-orm";
import sharp from "sharp";
import { auditLog } from "../../db/schema";
import { bearer, makeVisible, registerModel } from "../../test/factories";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { DOCUMENT_COLOR, makePhoto, pendingOf, sendVerification } from "./test-support";

const ctx = useTestContext();
let admin: string;
before(async () => {
  admin = await signedInAdmin(ctx);
});

/** Every file under the storage root, as keys relative to it. */
function storedKeys(): string[] {
  const root = path.join(ctx.config.dataDir, "uploads");
  return (readdirSync(root, { recursive: true, withFileTypes: true }) as import("node:fs").Dirent[])
    .filter((e) => e.isFile())
    .map((e) => path.relative(root, path.join(e.parentPath, e.name)));
}

async function submitted() {
  const model = await registerModel(ctx.app);
  const sent = await sendVerification(ctx.app, model.token);
  assert.equal(sent.statusCode, 201, sent.body);
  return { model, pending: await pendingOf(ctx.app, model.id) };
}

describe("document files", () => {
  test("are stored encrypted, re-encoded without metadata, under a prefix nothing serves", async () => {
    const { pending } = await submitted();
    const key = pending.documentFileKey!;
    assert.match(key, /^verification\/[a-f0-9]{32}\.bin$/);
    assert.ok(storedKeys().includes(key), "in place after the commit (not left in staging)");
    const onDisk = readFileSync(path.join(ctx.config.dataDir, "uploads", key));
    assert.notEqual(onDisk.subarray(0, 3).toString("hex"), "ffd8ff", "not a JPEG at rest");
    await assert.rejects(sharp(onDisk).metadata(), "not an image at rest");
    assert.ok(!onDisk.includes("SpyCam-3000"));

    // The admin's route decrypts it: the document, upright, with no EXIF left.
    const res = await ctx.as(admin).get(`/api/admin/verifications/${pending.id}/files/document`);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers["content-type"], "image/jpeg");
    assert.equal(res.headers["cache-control"], "no-store");
    const meta = await sharp(res.rawPayload).metadata();
    assert.equal(meta.exif, undefined);
    const { dominant } = await sharp(res.rawPayload).stats();
    assert.ok(Math.abs(dominant.b - DOCUMENT_COLOR.b) < 20, JSON.stringify(dominant));
  });

  test("are unreachable by any URL but the admin's", async () => {
    const { model, pending } = await submitted();
    await makeVisible(ctx.app, model.id);
    const name = pending.documentFileKey!.slice("verification/".length);
    for (const url of [
      `/uploads/${pending.documentFileKey}`,
      `/uploads/verification/${name}`,
      `/uploads/photos/${name}`,
      `/uploads/photos/../${pending.documentFileKey}`,
      `/uploads/photos/${name.replace(".bin", "-800.webp")}`,
      `/api/models/public/${model.id}`,
      `/${pending.documentFileKey}`,
    ]) {
      const res = await ctx.as(null).get(url);
      assert.ok(!res.rawPayload.includes(onDiskPrefix(pending.documentFileKey!)), url);
      assert.notEqual(res.headers["content-type"], "image/jpeg", url);
    }
    // Her own session reads her standing, never her files.
    const own = await ctx.as(model.token).get("/api/models/verification");
    assert.ok(!own.body.includes(name.slice(0, 32)));
    const photos = await ctx.as(model.token).get("/api/models/photos");
    assert.ok(!photos.body.includes(name.slice(0, 32)));
    assert.equal(
      (await ctx.as(model.token).get(`/api/admin/verifications/${pending.id}/files/document`)).statusCode,
      403,
    );
  });

  test("each view by an admin writes an audit row", async () => {
    const { model, pending } = await submitted();
    for (const file of ["document", "selfie", "selfie"]) {
      assert.equal((await ctx.as(admin).get(`/api/admin/verifications/${pending.id}/files/${file}`)).statusCode, 200);
    }
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "verification.file_view"), eq(auditLog.targetId, String(model.id))));
    assert.deepEqual(
      rows.map((r) => (r.changes as { file: string }).file),
      ["document", "selfie", "selfie"],
    );
    assert.equal((await ctx.as(admin).get(`/api/admin/verifications/${pending.id}/files/passport`)).statusCode, 400);
  });
});

/** The first bytes of a stored file: what a leak of it would contain. */
function onDiskPrefix(key: string): Buffer {
  return readFileSync(path.join(ctx.config.dataDir, "uploads", key)).subarray(0, 32);
}

describe("the upload", () => {
  test("needs both photos and a document type, each a real image", async () => {
    const { token } = await registerModel(ctx.app);
    const missing = await sendVerification(ctx.app, token, {}, { selfie: null });
    assert.equal(missing.statusCode, 400);
    assert.deepEqual(
      missing
        .json()
        .details.map((d: { path: string }) => d.path)
        .sort(),
      ["document_type", "selfie"],
    );
    const notImage = await sendVerification(
      ctx.app,
      token,
      { document_type: "cnh" },
      { document: Buffer.from("%PDF-1.4") },
    );
    assert.equal(notImage.statusCode, 400);
    assert.match(notImage.json().error, /Documento/);
    const bigPhoto = await makePhoto({ r: 1, g: 2, b: 3 }, 3000, 2000);
    const ok = await sendVerification(ctx.app, token, { document_type: "cnh" }, { document: bigPhoto });
    assert.equal(ok.statusCode, 201, ok.body);
    const again = await sendVerification(ctx.app, token);
    assert.equal(again.statusCode, 409);
  });
});

describe("authorization of every new route", () => {
  test("model routes: anonymous 401, admin 403; admin routes: anonymous 401, model 403", async () => {
    const { model, pending } = await submitted();
    const modelRoutes: [string, string][] = [
      ["GET", "/api/models/verification"],
      ["POST", "/api/models/verification"],
    ];
    const adminRoutes: [string, string, object?][] = [
      ["GET", "/api/admin/verifications"],
      ["GET", `/api/admin/verifications/${pending.id}`],
      ["GET", `/api/admin/verifications/${pending.id}/files/document`],
      ["GET", `/api/admin/verifications/${pending.id}/files/selfie`],
      [
        "POST",
        `/api/admin/verifications/${pending.id}/approve`,
        { birth_date: "1990-01-01", document_number: "12.345.678-9" },
      ],
      ["POST", `/api/admin/verifications/${pending.id}/reject`, { reason: "Motivo qualquer" }],
      ["POST", `/api/admin/verifications/${pending.id}/resubmit`, { reason: "Motivo qualquer" }],
      ["POST", `/api/admin/verifications/frozen/${model.id}/unfreeze`, { reason: "Motivo qualquer" }],
    ];
    const call = (method: string, url: string, token: string | null, payload?: object) =>
      ctx.app.inject({ method: method as "GET", url, payload, headers: token ? bearer(token) : {} });
    for (const [method, url] of modelRoutes) {
      assert.equal((await call(method, url, null)).statusCode, 401, `${method} ${url} anonymous`);
      assert.equal((await call(method, url, admin)).statusCode, 403, `${method} ${url} admin`);
    }
    for (const [method, url, body] of adminRoutes) {
      assert.equal((await call(method, url, null, body)).statusCode, 401, `${method} ${url} anonymous`);
      assert.equal((await call(method, url, model.token, body)).statusCode, 403, `${method} ${url} model`);
    }
    // Nothing above changed her verification.
    assert.equal((await pendingOf(ctx.app, model.id)).id, pending.id);
    // The admin reaches each of them.
    assert.equal((await call("GET", "/api/admin/verifications", admin)).statusCode, 200);
    assert.equal((await call("GET", `/api/admin/verifications/${pending.id}`, admin)).statusCode, 200);
  });
});
