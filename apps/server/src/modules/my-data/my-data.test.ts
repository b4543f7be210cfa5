import assert from "node:assert/strict";
import { describe, test } from "node:test";
import { DATA_EXPORTS_PER_HOUR, TERMS_VERSION } from "@vitrine/contracts";
import { and, eq } from "drizzle-orm";
import { strFromU8, unzipSync } from "fflate";
import {
  auditLog,
  consents,
  moderationCases,
  moderationReports,
  models,
  orders,
  twoFactorRecoveryCodes,
  twoFactorSecrets,
  visitorMarks,
} from "../../db/schema";
import { buildOrder, buildPayment, loginAdmin, registerModel } from "../../test/factories";
import { useTestContextWithMail } from "../../test/smtp";
import { addPhoto } from "../photos/test-support";
import { DATA_EXPORT_ACTION } from "./export";

const { ctx, smtp } = useTestContextWithMail();

const EXPORT = "/api/models/my-data/export";

/** A model with something in every part of her data, and secrets that must never leave. */
async function modelWithData(tag: string) {
  const model = await registerModel(ctx.app, { name: `Modelo ${tag}` });
  const photo = await addPhoto(ctx.app, model.token);
  await buildPayment(ctx.app, { modelId: model.id, description: `Plano de ${tag}` });
  await buildOrder(ctx.app, { modelId: model.id, customerName: `Comprador de ${tag}`, status: "paid" });
  await ctx.app.db.insert(visitorMarks).values([
    { day: "2026-11-20", kind: "view", modelId: model.id, visitorHash: `visitante-a-${tag}` },
    { day: "2026-11-20", kind: "view", modelId: model.id, visitorHash: `visitante-b-${tag}` },
  ]);
  await ctx.app.db.insert(twoFactorSecrets).values({
    accountKind: "model",
    accountId: model.id,
    secretSealed: `segredo-totp-${tag}`,
  });
  await ctx.app.db
    .insert(twoFactorRecoveryCodes)
    .values({ accountKind: "model", accountId: model.id, codeHash: `codigo-recuperacao-${tag}` });
  const [decided] = await ctx.app.db
    .insert(moderationCases)
    .values({
      modelId: model.id,
      kind: "report",
      status: "closed",
      decision: "archive",
      decisionReason: `Sem violação (${tag})`,
      decidedAt: new Date(),
    })
    .returning({ id: moderationCases.id });
  await ctx.app.db.insert(moderationReports).values({
    caseId: decided.id,
    modelId: model.id,
    category: "fake",
    text: `denúncia contra ${tag}`,
    contact: `denunciante-de-${tag}@example.com`,
    source: "visitor",
    reporterHash: `hash-denunciante-${tag}`,
    day: "2026-11-20",
  });
  return { ...model, photo };
}

function openZip(body: Buffer) {
  const files = unzipSync(new Uint8Array(body));
  return { files, json: JSON.parse(strFromU8(files["dados.json"])), text: strFromU8(files["dados.json"]) };
}

describe("Baixar meus dados", () => {
  test("a ZIP with her data and photos, nobody else's, and no secret", async () => {
    const ana = await modelWithData("Ana");
    const bia = await modelWithData("Bia");

    const res = await ctx.as(ana.token).get(EXPORT);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.headers["content-type"], "application/zip");
    assert.equal(res.headers["cache-control"], "no-store");
    assert.match(
      String(res.headers["content-disposition"]),
      /attachment; filename="meus-dados-\d{4}-\d{2}-\d{2}\.zip"/,
    );

    const { files, json, text } = openZip(res.rawPayload);
    assert.equal(json.profile.id, ana.id);
    assert.equal(json.profile.email, ana.body.email);
    assert.equal(json.payments.length, 1);
    assert.equal(json.payments[0].description, "Plano de Ana");
    assert.deepEqual(
      json.orders_received.map((o: { customer_name: string }) => o.customer_name),
      ["Comprador de Ana"],
    );
    assert.deepEqual(json.visits_per_day, [{ day: "2026-11-20", kind: "view", count: 2 }]);
    assert.equal(json.moderation_decisions[0].reason, "Sem violação (Ana)");
    assert.equal(json.consents[0].version, TERMS_VERSION);
    assert.ok(json.sessions.length >= 1);
    assert.deepEqual(json.notification_preferences, { email_notifications_off: [] });
    assert.match(json.about, /original/);
    // Her photo at the largest stored size, a real WebP.
    assert.equal(json.photos.length, 1);
    const photoFile = files[json.photos[0].file];
    assert.ok(photoFile && photoFile.length > 0, "the photo is in the ZIP");
    assert.equal(strFromU8(photoFile.subarray(8, 12)), "WEBP");
    assert.deepEqual(Object.keys(files).sort(), ["dados.json", json.photos[0].file].sort());

    // Nobody else's data, and nothing secret: password hash, 2FA secret and codes, the order's access token,
    // the visitors' marks, who reported her.
    const [{ passwordHash }] = await ctx.app.db.select().from(models).where(eq(models.id, ana.id));
    const [{ accessToken }] = await ctx.app.db.select().from(orders).where(eq(orders.modelId, ana.id));
    for (const secret of [
      passwordHash,
      accessToken,
      "segredo-totp-Ana",
      "codigo-recuperacao-Ana",
      "visitante-a-Ana",
      "denunciante-de-Ana",
      "hash-denunciante-Ana",
      "denúncia contra Ana",
      "Bia",
      bia.body.email,
      bia.photo.filename,
    ]) {
      assert.ok(!text.includes(secret), `the export must not contain ${secret}`);
    }

    // Audited as her own action on her account.
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, DATA_EXPORT_ACTION), eq(auditLog.targetId, String(ana.id))));
    assert.equal(rows.length, 1);
    assert.equal(rows[0].adminId, null);
    assert.equal(rows[0].actor, `modelo:${ana.body.username}`);
  });

  test("each download e-mails her, with her settings and the way to a new password", async () => {
    const model = await registerModel(ctx.app);
    assert.equal((await ctx.as(model.token).get(EXPORT)).statusCode, 200);
    const mail = await smtp.waitFor({ to: model.body.email, subject: /Seus dados foram baixados/ });
    assert.match(mail.text, /\/esqueci-senha/);
  });

  test(`at most ${DATA_EXPORTS_PER_HOUR} per hour per account, then 429 in Portuguese`, async () => {
    const model = await registerModel(ctx.app);
    const other = await registerModel(ctx.app);
    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
      assert.equal((await ctx.as(model.token).get(EXPORT)).statusCode, 200);
    }
    const refused = await ctx.as(model.token).get(EXPORT);
    assert.equal(refused.statusCode, 429, refused.body);
    assert.equal(refused.json().code, "RATE_LIMITED");
    assert.match(refused.json().error, /Você já baixou seus dados 3 vezes na última hora/);
    // Another account has its own budget.
    assert.equal((await ctx.as(other.token).get(EXPORT)).statusCode, 200);
  });

  test("a banned model still downloads her data (right of access), within the same hourly limit, audited", async () => {
    const banned = await registerModel(ctx.app, { name: "Modelo Banida" });
    await ctx.app.db.update(models).set({ moderationStatus: "banned" }).where(eq(models.id, banned.id));
    // Everything else of hers is closed.
    const profile = await ctx.as(banned.token).get("/api/models/profile");
    assert.equal(profile.statusCode, 403, profile.body);
    assert.equal(profile.json().code, "ACCOUNT_BANNED");

    for (let i = 0; i < DATA_EXPORTS_PER_HOUR; i++) {
      const res = await ctx.as(banned.token).get(EXPORT);
      assert.equal(res.statusCode, 200, res.body);
      if (i === 0) assert.equal(openZip(res.rawPayload).json.profile.id, banned.id);
    }
    const refused = await ctx.as(banned.token).get(EXPORT);
    assert.equal(refused.statusCode, 429, refused.body);
    const rows = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, DATA_EXPORT_ACTION), eq(auditLog.targetId, String(banned.id))));
    assert.equal(rows.length, DATA_EXPORTS_PER_HOUR);
  });

  test("401 without a token; an admin's token is refused", async () => {
    const anonymous = await ctx.as(null).get(EXPORT);
    assert.equal(anonymous.statusCode, 401);
    assert.ok(anonymous.json().error);
    const admin = await ctx.as(await loginAdmin(ctx.app)).get(EXPORT);
    assert.ok([401, 403].includes(admin.statusCode), admin.body);
    assert.ok(admin.json().error);
  });
});

describe("Consents", () => {
  test("registration records the current terms version", async () => {
    const model = await registerModel(ctx.app);
    const rows = await ctx.app.db.select().from(consents).where(eq(consents.modelId, model.id));
    assert.deepEqual(
      rows.map((r) => [r.document, r.version]),
      [["terms", TERMS_VERSION]],
    );
    const res = await ctx.as(model.token).get("/api/models/my-data/consents");
    assert.equal(res.statusCode, 200);
    assert.equal(res.json().accepted_version, TERMS_VERSION);
    assert.equal(res.json().current_version, TERMS_VERSION);
  });

  test("after a new version she is asked again, and her acceptance is recorded", async () => {
    const model = await registerModel(ctx.app);
    // As if she had registered under the previous text.
    await ctx.app.db
      .update(consents)
      .set({ version: TERMS_VERSION - 1 })
      .where(eq(consents.modelId, model.id));
    const pending = (await ctx.as(model.token).get("/api/models/my-data/consents")).json();
    assert.equal(pending.accepted_version, TERMS_VERSION - 1);
    assert.equal(pending.current_version, TERMS_VERSION);

    const accepted = await ctx.as(model.token).post("/api/models/my-data/consents/terms");
    assert.equal(accepted.statusCode, 200, accepted.body);
    assert.equal(accepted.json().accepted_version, TERMS_VERSION);
    assert.ok(accepted.json().accepted_at);
    const rows = await ctx.app.db.select().from(consents).where(eq(consents.modelId, model.id));
    assert.deepEqual(rows.map((r) => r.version).sort(), [TERMS_VERSION - 1, TERMS_VERSION]);
    // Accepting again changes nothing.
    assert.equal((await ctx.as(model.token).post("/api/models/my-data/consents/terms")).statusCode, 200);
    assert.equal((await ctx.app.db.select().from(consents).where(eq(consents.modelId, model.id))).length, 2);
  });

  test("401 without a token", async () => {
    assert.equal((await ctx.as(null).post("/api/models/my-data/consents/terms")).statusCode, 401);
  });
});
