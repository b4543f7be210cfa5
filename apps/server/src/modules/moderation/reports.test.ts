import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { REPORT_RECEIVED_MESSAGE } from "@vitrine/contracts";
import { desc, eq } from "drizzle-orm";
import { mailOutbox, moderationCases, moderationReports, models, photos, settings } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import { bearer, buildModel, loginAdmin, makeVisible, registerModel } from "../../test/factories";
import { createTestContext } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { addNoisyPhoto, agreeingReports, decide, recordEvents, report } from "./test-support";

describe("reports and their triage", () => {
  const ctx = useTestContext();
  let admin: string;
  before(async () => {
    admin = await signedInAdmin(ctx);
  });

  /** Opens the confirmation link last e-mailed to `email` (the notifier confirming her notice). */
  async function confirmLastNotice(email: string) {
    const [mail] = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.toAddress, email))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = /token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "")?.[1];
    assert.ok(token, "a confirmation link");
    const res = await ctx.as(null).post("/api/reports/notice/confirm", { token });
    assert.equal(res.statusCode, 200, res.body);
  }

  const listedIds = async () =>
    ((await ctx.as(null).get("/api/models/public?limit=100")).json().models as { id: number }[]).map((m) => m.id);

  it("one urgent report hides nothing; three that agree hide her: the public API, the cached listing and the live stream follow", async () => {
    const modelId = await buildModel(ctx.app);
    // Both reads are cached now, so hiding her must reach the caches too.
    assert.equal((await ctx.as(null).get(`/api/models/public/${modelId}`)).statusCode, 200);
    assert.ok((await listedIds()).includes(modelId));

    const res = await report(ctx.app, "203.0.113.1", { model_id: modelId, category: "minor_or_exploitation" });
    assert.equal(res.statusCode, 200, res.body);
    assert.deepEqual(res.json(), { success: true, message: REPORT_RECEIVED_MESSAGE });
    assert.equal((await ctx.as(null).get(`/api/models/public/${modelId}`)).statusCode, 200, "one alone hides nothing");

    const stream = recordEvents(ctx.app);
    await agreeingReports(ctx.app, ["203.0.1.1", "203.0.2.1", "203.0.3.1"], {
      model_id: modelId,
      category: "minor_or_exploitation",
    });
    stream.stop();
    assert.equal((await ctx.as(null).get(`/api/models/public/${modelId}`)).statusCode, 404);
    assert.ok(!(await listedIds()).includes(modelId));
    assert.deepEqual(stream.events, [{ type: "model_status_updated", model_id: modelId }]);
    const [model] = await ctx.app.db.select().from(models).where(eq(models.id, modelId));
    assert.equal(model.moderationStatus, "held");
    assert.ok(model.photosFrozenAt, "her photos are frozen as evidence");
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, modelId));
    assert.equal(kase.priority, 2);
    assert.equal(kase.autoHidden, true);

    // The queue puts it before older, ordinary cases.
    const older = await buildModel(ctx.app);
    await report(ctx.app, "203.0.113.1", { model_id: older, category: "scam" });
    const queue = (await ctx.as(admin).get("/api/admin/moderation/cases")).json().cases as { id: number }[];
    assert.equal(queue[0]!.id, kase.id);
  });

  it("trafficking counts too; agreeing urgent reports about a photo hide the whole profile", async () => {
    const { id, token } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    const photo = await addNoisyPhoto(ctx.app, token);
    await agreeingReports(ctx.app, ["203.0.4.2", "203.0.5.2"], {
      model_id: id,
      photo_id: photo.id,
      category: "trafficking_or_coercion",
    });
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200, "two are not enough");
    await agreeingReports(ctx.app, ["203.0.6.2"], { model_id: id, category: "minor_or_exploitation" });
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 404);
  });

  it("other categories never hide, however many visitors send them; the agreement number is a setting", async () => {
    const modelId = await buildModel(ctx.app);
    for (const ip of ["198.51.100.1", "198.51.100.2"]) {
      assert.equal((await report(ctx.app, ip, { model_id: modelId, category: "scam" })).statusCode, 200);
    }
    // The same visitor again the same day counts once: refused.
    const again = await report(ctx.app, "198.51.100.2", { model_id: modelId, category: "other" });
    assert.equal(again.statusCode, 409);
    await agreeingReports(ctx.app, ["198.51.1.3", "198.51.2.3", "198.51.3.3"], {
      model_id: modelId,
      category: "not_the_person",
    });
    assert.equal((await ctx.as(null).get(`/api/models/public/${modelId}`)).statusCode, 200, "nobody hides her");
    const [model] = await ctx.app.db.select().from(models).where(eq(models.id, modelId));
    assert.equal(model.moderationStatus, "none");

    // The agreement number is the moderation_auto_hide_reports setting, seeded with its default like every setting.
    const listed = (await ctx.as(await loginAdmin(ctx.app)).get("/api/admin/settings")).json().settings as {
      setting_key: string;
      setting_value: string;
    }[];
    assert.equal(listed.find((s) => s.setting_key === "moderation_auto_hide_reports")?.setting_value, "3");
    const threshold = (value: string) =>
      ctx.app.db
        .update(settings)
        .set({ settingValue: value })
        .where(eq(settings.settingKey, "moderation_auto_hide_reports"));
    await threshold("2");
    const second = await buildModel(ctx.app);
    await agreeingReports(ctx.app, ["198.51.4.4", "198.51.5.4"], {
      model_id: second,
      category: "minor_or_exploitation",
    });
    assert.equal((await ctx.as(null).get(`/api/models/public/${second}`)).statusCode, 404, "two agree under 2");
    await threshold("3");
  });

  it("a confirmed notice of an intimate image hides that photo only, and archiving the case shows it again", async () => {
    const { id, token } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    const photo = await addNoisyPhoto(ctx.app, token);
    for (const ip of ["192.0.2.1", "192.0.2.2", "192.0.2.3"]) {
      const res = await report(ctx.app, ip, { model_id: id, photo_id: photo.id, category: "not_the_person" });
      assert.equal(res.statusCode, 200, res.body);
    }
    assert.equal(
      ((await ctx.as(null).get(`/api/models/public/${id}`)).json().photos as unknown[]).length,
      1,
      "visitors' reports hide no photo",
    );
    const sent = await ctx.as(null).post("/api/reports/notice", {
      name: "Maria da Silva",
      email: `foto-${id}@example.com`,
      role: "self",
      url: `https://vitrine.example/uploads/photos/${photo.filename}-800.webp`,
      category: "intimate_image_without_consent",
      reason: "Esta sou eu e não autorizei esta foto.",
    });
    assert.equal(sent.statusCode, 200, sent.body);
    await confirmLastNotice(`foto-${id}@example.com`);
    const profile = await ctx.as(null).get(`/api/models/public/${id}`);
    assert.equal(profile.statusCode, 200);
    assert.deepEqual(profile.json().photos, []);
    const [row] = await ctx.app.db.select().from(photos).where(eq(photos.id, photo.id));
    assert.ok(row.moderationHiddenAt);
    // She cannot publish it again while it is hidden.
    const publish = await ctx.as(token).patch(`/api/models/photos/${photo.id}/visibility`, { is_public: true });
    assert.equal(publish.statusCode, 403);

    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.photoId, photo.id));
    const archived = await decide(ctx.app, admin, kase.id, { action: "archive", reason: "Sem violação." });
    assert.equal(archived.statusCode, 200, archived.body);
    const shown = await ctx.as(null).get(`/api/models/public/${id}`);
    assert.deepEqual(
      (shown.json().photos as { id: number }[]).map((p) => p.id),
      [photo.id],
    );
  });

  it("one report per visitor per item per day: another item or another visitor is a new report", async () => {
    const { id, token } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    const photo = await addNoisyPhoto(ctx.app, token);
    const ip = "192.0.2.50";
    assert.equal((await report(ctx.app, ip, { model_id: id, category: "other" })).statusCode, 200);
    const twice = await report(ctx.app, ip, { model_id: id, category: "scam", text: "de novo" });
    assert.equal(twice.statusCode, 409);
    assert.equal(twice.json().code, "CONFLICT");
    assert.equal(
      (await report(ctx.app, ip, { model_id: id, photo_id: photo.id, category: "other" })).statusCode,
      200,
      "the photo is another item",
    );
    assert.equal((await report(ctx.app, "192.0.2.51", { model_id: id, category: "other" })).statusCode, 200);
  });

  it("refuses bad input without a 500, unknown profiles and another model's photo", async () => {
    const modelId = await buildModel(ctx.app);
    const other = await registerModel(ctx.app);
    const otherPhoto = await addNoisyPhoto(ctx.app, other.token);
    const bad = await report(ctx.app, "192.0.2.60", { model_id: modelId, category: "nada" });
    assert.equal(bad.statusCode, 400);
    assert.equal(bad.json().code, "VALIDATION_ERROR");
    const long = await report(ctx.app, "192.0.2.60", { model_id: modelId, category: "other", text: "x".repeat(1001) });
    assert.equal(long.statusCode, 400);
    assert.equal((await report(ctx.app, "192.0.2.60", { model_id: 999999, category: "other" })).statusCode, 404);
    const wrongPhoto = await report(ctx.app, "192.0.2.60", {
      model_id: modelId,
      photo_id: otherPhoto.id,
      category: "other",
    });
    assert.equal(wrongPhoto.statusCode, 404);
  });

  it("a reporter whose reports were dismissed three times reports once a day and hides nothing", async () => {
    const ip = "192.0.2.70";
    for (let i = 0; i < 3; i++) {
      const modelId = await buildModel(ctx.app);
      await report(ctx.app, ip, { model_id: modelId, category: "scam" });
      const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, modelId));
      assert.equal(
        (await decide(ctx.app, admin, kase.id, { action: "archive", reason: "Improcedente." })).statusCode,
        200,
      );
      // Sent on an earlier day: today's count starts empty.
      await ctx.app.db
        .update(moderationReports)
        .set({ day: addDays(todayInSaoPaulo(), -1) })
        .where(eq(moderationReports.caseId, kase.id));
    }
    // Her urgent report now waits for a human: even with an age pass it weighs nothing.
    const target = await buildModel(ctx.app);
    await agreeingReports(ctx.app, [ip], { model_id: target, category: "minor_or_exploitation" });
    const [kept] = await ctx.app.db.select().from(moderationReports).where(eq(moderationReports.modelId, target));
    assert.equal(kept.weighs, false);
    const next = await report(ctx.app, ip, { model_id: await buildModel(ctx.app), category: "scam" });
    assert.equal(next.statusCode, 429);
    assert.equal(next.json().code, "RATE_LIMITED");
    // Three others' agreeing reports still hide her; hers was not one of the voices.
    await agreeingReports(ctx.app, ["192.0.12.71", "192.0.13.71"], {
      model_id: target,
      category: "minor_or_exploitation",
    });
    assert.equal((await ctx.as(null).get(`/api/models/public/${target}`)).statusCode, 200);
    await agreeingReports(ctx.app, ["192.0.14.71"], { model_id: target, category: "minor_or_exploitation" });
    assert.equal((await ctx.as(null).get(`/api/models/public/${target}`)).statusCode, 404);
  });

  it("an identified notice names the profile by its URL; one without name or e-mail is refused", async () => {
    const modelId = await buildModel(ctx.app, { name: "Aurora" });
    const notice = {
      name: "Maria da Silva",
      email: "maria@example.com",
      role: "self",
      url: `https://vitrine.example/cidade/sao-paulo-sp/aurora/${modelId}`,
      category: "intimate_image_without_consent",
      reason: "Esta sou eu e não autorizei estas fotos.",
    };
    const anonymous = await ctx.as(null).post("/api/reports/notice", { ...notice, name: "", email: "" });
    assert.equal(anonymous.statusCode, 400);
    const res = await ctx.as(null).post("/api/reports/notice", notice);
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, REPORT_RECEIVED_MESSAGE);
    // Nothing weighs before her e-mail link is confirmed; a notice naming a profile (no photo) hides no profile.
    assert.equal((await ctx.as(null).get(`/api/models/public/${modelId}`)).statusCode, 200);
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, modelId));
    const detail = (await ctx.as(admin).get(`/api/admin/moderation/cases/${kase.id}`)).json().case;
    assert.equal(detail.priority, 1);
    assert.equal(detail.reports[0].notifier_name, "Maria da Silva");
    assert.equal(detail.reports[0].notifier_role, "self");
    assert.equal(detail.reports[0].confirmed, false);

    // A URL that names nothing on the site still opens a case, with the URL for the admin.
    const elsewhere = await ctx.as(null).post("/api/reports/notice", { ...notice, url: "https://outro.example/x" });
    assert.equal(elsewhere.statusCode, 200);
    const open = (await ctx.as(admin).get("/api/admin/moderation/cases?limit=100")).json().cases as {
      model: unknown;
    }[];
    assert.ok(open.some((c) => c.model === null));
  });

  it("reports are reachable without an age pass (outside the adult scope)", async () => {
    const gated = await createTestContext({
      ageAssurance: {
        mode: "verifier",
        explicit: true,
        passHours: 12,
        verifier: {
          issuer: "http://127.0.0.1:9",
          clientId: "x",
          clientSecret: "y",
          claim: "age_over_18",
          scope: "",
          name: "Verificador",
        },
      },
    });
    try {
      const modelId = await buildModel(gated.app);
      assert.equal((await gated.as(null).get(`/api/models/public/${modelId}`)).statusCode, 403);
      const res = await report(gated.app, "192.0.2.80", { model_id: modelId, category: "other" });
      assert.equal(res.statusCode, 200, res.body);
    } finally {
      await gated.close();
    }
  });

  it("the model sees nothing of an open report but the hold; deleting a frozen photo or her account is refused", async () => {
    const { id, token } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    const photo = await addNoisyPhoto(ctx.app, token);
    await agreeingReports(ctx.app, ["192.0.20.90", "192.0.21.90", "192.0.22.90"], {
      model_id: id,
      category: "minor_or_exploitation",
      text: "parece menor",
    });
    const own = await ctx.as(token).get("/api/models/moderation");
    assert.equal(own.statusCode, 200);
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, id));
    assert.deepEqual(own.json(), {
      moderation_status: "held",
      photos_frozen: true,
      under_review: { categories: ["minor_or_exploitation"], since: kase.createdAt.toISOString() },
      cases: [],
    });
    const del = await ctx.as(token).delete(`/api/models/photos/${photo.id}`);
    assert.equal(del.statusCode, 403);
    assert.equal(del.json().code, "PHOTOS_FROZEN");
    const [still] = await ctx.app.db.select().from(photos).where(eq(photos.id, photo.id));
    assert.ok(still, "the photo is kept");
    const account = await ctx.app.inject({
      method: "DELETE",
      url: "/api/models/account",
      headers: bearer(token),
      payload: { password: "senha-forte-123" },
    });
    assert.equal(account.statusCode, 403, account.body);
    const byAdmin = await ctx.as(admin).delete(`/api/admin/models/${id}`);
    assert.equal(byAdmin.statusCode, 403, byAdmin.body);
  });
});
