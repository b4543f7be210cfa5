import assert from "node:assert/strict";
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { createHash } from "node:crypto";
import path from "node:path";
import { before, describe, it } from "node:test";
import { PHOTO_WIDTHS } from "@vitrine/contracts";
import { and, eq } from "drizzle-orm";
import { auditLog, moderationCases, moderationEvidence, photos } from "../../db/schema";
import { bearer, makeVisible, registerModel } from "../../test/factories";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { postPhoto } from "../photos/test-support";
import { expireEvidence } from "./evidence";
import { addNoisyPhoto, decide, noisyPng, recordEvents, report } from "./test-support";

describe("the admin's decisions, the model's appeal and the legal hold", () => {
  const ctx = useTestContext();
  let admin: string;
  before(async () => {
    admin = await signedInAdmin(ctx);
  });

  /** A visible model with one public photo and an open case from one report. */
  async function reportedModel(category = "scam", ip = "203.0.113.10") {
    const model = await registerModel(ctx.app);
    await makeVisible(ctx.app, model.id);
    const photo = await addNoisyPhoto(ctx.app, model.token);
    const res = await report(ctx.app, ip, { model_id: model.id, category, text: "veja" });
    assert.equal(res.statusCode, 200, res.body);
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, model.id));
    return { ...model, photo, caseId: kase.id };
  }

  const auditRows = (caseId: number) =>
    ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.targetType, "moderation_case"), eq(auditLog.targetId, String(caseId))));

  it("hiding the profile: audited with its reason, shown to her, appealed once, reversed by an admin", async () => {
    const m = await reportedModel();
    const stream = recordEvents(ctx.app);
    const noReason = await decide(ctx.app, admin, m.caseId, { action: "hide_profile", reason: "" });
    assert.equal(noReason.statusCode, 400);
    const res = await decide(ctx.app, admin, m.caseId, { action: "hide_profile", reason: "Perfil falso." });
    assert.equal(res.statusCode, 200, res.body);
    stream.stop();
    assert.deepEqual(stream.events, [{ type: "model_status_updated", model_id: m.id }]);
    assert.equal((await ctx.as(null).get(`/api/models/public/${m.id}`)).statusCode, 404);
    const [row] = await auditRows(m.caseId);
    assert.equal(row.action, "moderation.decide");
    const changes = row.changes as Record<string, unknown>;
    assert.deepEqual(
      { decision: changes.decision, reason: changes.reason },
      { decision: "hide_profile", reason: "Perfil falso." },
    );
    const twice = await decide(ctx.app, admin, m.caseId, { action: "ban", reason: "De novo." });
    assert.equal(twice.statusCode, 409);

    const own = (await ctx.as(m.token).get("/api/models/moderation")).json();
    assert.equal(own.moderation_status, "hidden");
    assert.equal(own.cases.length, 1);
    assert.equal(own.cases[0].decision, "hide_profile");
    assert.equal(own.cases[0].decision_reason, "Perfil falso.");
    assert.equal(own.cases[0].can_appeal, true);

    const appeal = await ctx.as(m.token).post(`/api/models/moderation/cases/${m.caseId}/appeal`, {
      text: "Sou eu nas fotos, posso enviar documento.",
    });
    assert.equal(appeal.statusCode, 200, appeal.body);
    const again = await ctx.as(m.token).post(`/api/models/moderation/cases/${m.caseId}/appeal`, {
      text: "Outro recurso qualquer aqui.",
    });
    assert.equal(again.statusCode, 409, "one appeal only");
    const appeals = (await ctx.as(admin).get("/api/admin/moderation/cases?status=appealed")).json().cases;
    assert.ok(appeals.some((c: { id: number }) => c.id === m.caseId));

    const decided = await ctx.as(admin).post(`/api/admin/moderation/cases/${m.caseId}/appeal-decision`, {
      outcome: "reversed",
      reason: "Documento conferido.",
    });
    assert.equal(decided.statusCode, 200, decided.body);
    assert.equal((await ctx.as(null).get(`/api/models/public/${m.id}`)).statusCode, 200);
    const rows = await auditRows(m.caseId);
    assert.deepEqual(rows.map((r) => r.action).sort(), ["moderation.appeal", "moderation.decide"]);
    const after = (await ctx.as(m.token).get("/api/models/moderation")).json();
    assert.equal(after.cases[0].appeal_outcome, "reversed");
    assert.equal(after.cases[0].appeal_reason, "Documento conferido.");
    assert.equal(after.cases[0].can_appeal, false);
  });

  it("hiding a photo keeps it private and blocks its picture; another model's case is not hers to appeal", async () => {
    const m = await reportedModel("not_the_person", "203.0.113.11");
    const res = await decide(ctx.app, admin, m.caseId, {
      action: "hide_photo",
      reason: "Foto de outra pessoa.",
      photo_id: m.photo.id,
    });
    assert.equal(res.statusCode, 200, res.body);
    const [row] = await ctx.app.db.select().from(photos).where(eq(photos.id, m.photo.id));
    assert.equal(row.isPublic, false);
    assert.ok(row.moderationHiddenAt);
    assert.equal((await ctx.as(null).get(`/api/models/public/${m.id}`)).statusCode, 200, "the profile stays");
    const other = await registerModel(ctx.app);
    const notHers = await ctx.as(other.token).post(`/api/models/moderation/cases/${m.caseId}/appeal`, {
      text: "Não é meu caso, mas tento.",
    });
    assert.equal(notHers.statusCode, 404);
  });

  it("suspension: her changes are refused, her appeal is not", async () => {
    const m = await reportedModel("scam", "203.0.113.12");
    assert.equal((await decide(ctx.app, admin, m.caseId, { action: "suspend", reason: "Golpe." })).statusCode, 200);
    const upload = await postPhoto(ctx.app, m.token, await noisyPng(), {}, "a.png");
    assert.equal(upload.statusCode, 403);
    assert.equal(upload.json().code, "ACCOUNT_SUSPENDED");
    assert.equal((await ctx.as(m.token).get("/api/models/profile")).statusCode, 200, "she still reads");
    const appeal = await ctx.as(m.token).post(`/api/models/moderation/cases/${m.caseId}/appeal`, {
      text: "Não houve golpe nenhum.",
    });
    assert.equal(appeal.statusCode, 200, appeal.body);
  });

  it("a ban ends her sessions, blocks her photos' pictures and her e-mail, even once erased", async () => {
    const m = await reportedModel("scam", "203.0.113.13");
    const res = await decide(ctx.app, admin, m.caseId, { action: "ban", reason: "Golpes repetidos." });
    assert.equal(res.statusCode, 200, res.body);
    assert.equal((await ctx.as(m.token).get("/api/models/profile")).statusCode, 401, "her session ended");
    const wrong = await ctx.as(null).post("/api/auth/model/login", { email: m.body.email, password: "errada-123456" });
    assert.equal(wrong.statusCode, 401, "a wrong password learns nothing");
    // The admin erases the account: the e-mail is free in the table, yet still refused.
    // The admin erases the account: the e-mail is free in the table, yet still refused.
    const erased = await ctx.as(admin).delete(`/api/admin/models/${m.id}`);
    assert.equal(erased.statusCode, 200, erased.body);
    const again = await ctx.as(null).post("/api/auth/model/register", { ...m.body, username: `${m.body.username}x` });
    assert.equal(again.statusCode, 403, again.body);
    assert.equal(again.json().code, "ACCOUNT_BANNED");
    const upper = await ctx.as(null).post("/api/auth/model/register", {
      ...m.body,
      email: m.body.email.toUpperCase(),
      username: `${m.body.username}y`,
    });
    assert.equal(upper.statusCode, 403);
    const [audit] = await auditRows(m.caseId);
    assert.equal((audit.changes as Record<string, unknown>).decision, "ban");
  });

  it("a banned model signs in, reaches only her decisions, reads the ban and its reason, and appeals once", async () => {
    const m = await reportedModel("scam", "203.0.113.16");
    assert.equal(
      (await decide(ctx.app, admin, m.caseId, { action: "ban", reason: "Conta de golpe." })).statusCode,
      200,
    );
    const login = await ctx.as(null).post("/api/auth/model/login", { email: m.body.email, password: m.body.password });
    assert.equal(login.statusCode, 200, login.body);
    assert.equal(login.json().model.banned, true);
    const token = login.json().token as string;
    assert.equal((await ctx.as(token).get("/api/auth/verify")).json().model.banned, true);
    const refused = [
      await ctx.as(token).get("/api/models/profile"),
      await ctx.as(token).get("/api/models/photos"),
      await ctx.as(token).get("/api/models/verification"),
      await ctx.as(token).put("/api/models/profile", { name: "Outra" }),
      await postPhoto(ctx.app, token, await noisyPng(), {}, "b.png"),
      await ctx.as(token).delete("/api/models/account", { password: m.body.password }),
    ];
    for (const r of refused) {
      assert.equal(r.statusCode, 403, r.body);
      assert.equal(r.json().code, "ACCOUNT_BANNED");
    }
    const own = await ctx.as(token).get("/api/models/moderation");
    assert.equal(own.statusCode, 200, own.body);
    assert.equal(own.json().moderation_status, "banned");
    const [decision] = own.json().cases;
    assert.deepEqual(
      { id: decision.id, decision: decision.decision, reason: decision.decision_reason, can: decision.can_appeal },
      { id: m.caseId, decision: "ban", reason: "Conta de golpe.", can: true },
    );
    const appeal = (text: string) => ctx.as(token).post(`/api/models/moderation/cases/${m.caseId}/appeal`, { text });
    assert.equal((await appeal("Nunca apliquei golpe algum.")).statusCode, 200);
    assert.equal((await appeal("Segunda tentativa de recurso.")).statusCode, 409, "once");
    assert.equal((await ctx.as(null).get(`/api/models/public/${m.id}`)).statusCode, 404, "still hidden");
    const again = await ctx.as(null).post("/api/auth/model/register", { ...m.body, username: `${m.body.username}z` });
    assert.equal(again.statusCode, 403, "her e-mail stays blocked until a reversal");

    const reversed = await ctx.as(admin).post(`/api/admin/moderation/cases/${m.caseId}/appeal-decision`, {
      outcome: "reversed",
      reason: "Recurso aceito.",
    });
    assert.equal(reversed.statusCode, 200, reversed.body);
    assert.equal((await ctx.as(token).get("/api/models/profile")).statusCode, 200, "her account is open again");
    assert.equal((await ctx.as(token).get("/api/auth/verify")).json().model.banned, false);
  });

  it("a reversal lifts the fingerprint block of its own decision only; a legal hold's block stays", async () => {
    const m = await registerModel(ctx.app);
    await makeVisible(ctx.app, m.id);
    const [first, second] = [await noisyPng(), await noisyPng()];
    const ids: number[] = [];
    for (const png of [first, second]) {
      const res = await postPhoto(ctx.app, m.token, png, { is_public: "true" }, "f.png");
      assert.equal(res.statusCode, 201, res.body);
      ids.push(res.json().photo.id);
    }
    const caseOf = async (photoId: number | null, ip: string) => {
      await report(ctx.app, ip, { model_id: m.id, ...(photoId ? { photo_id: photoId } : {}), category: "scam" });
      const rows = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, m.id));
      return rows.find((r) => r.photoId === photoId && r.status === "open")!.id;
    };
    const hidden = await caseOf(ids[0], "203.0.113.17");
    assert.equal(
      (await decide(ctx.app, admin, hidden, { action: "hide_photo", reason: "Foto de golpe." })).statusCode,
      200,
    );
    const banned = await caseOf(null, "203.0.113.18");
    assert.equal((await decide(ctx.app, admin, banned, { action: "ban", reason: "Conta de golpe." })).statusCode, 200);

    const other = await registerModel(ctx.app);
    const upload = async (png: Buffer) => (await postPhoto(ctx.app, other.token, png, {}, "c.png")).statusCode;
    assert.deepEqual([await upload(first), await upload(second)], [400, 400], "both pictures blocked");

    const login = await ctx.as(null).post("/api/auth/model/login", { email: m.body.email, password: m.body.password });
    const token = login.json().token as string;
    const appealed = await ctx.as(token).post(`/api/models/moderation/cases/${banned}/appeal`, { text: "Não fui eu." });
    assert.equal(appealed.statusCode, 200, appealed.body);
    const reversed = await ctx.as(admin).post(`/api/admin/moderation/cases/${banned}/appeal-decision`, {
      outcome: "reversed",
      reason: "Recurso aceito.",
    });
    assert.equal(reversed.statusCode, 200, reversed.body);
    assert.equal(await upload(second), 201, "the ban's block is lifted");
    assert.equal(await upload(first), 400, "the photo hidden by another decision stays blocked");

    // Removed under legal hold: the reversal brings nothing back, and the picture stays blocked.
    const held = await registerModel(ctx.app);
    await makeVisible(ctx.app, held.id);
    const evidence = await noisyPng();
    const photo = await postPhoto(ctx.app, held.token, evidence, { is_public: "true" }, "e.png");
    await report(ctx.app, "203.0.113.19", { model_id: held.id, photo_id: photo.json().photo.id, category: "scam" });
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, held.id));
    const removed = await decide(ctx.app, admin, kase.id, {
      action: "hide_photo",
      reason: "Exploração.",
      legal_hold: true,
    });
    assert.equal(removed.statusCode, 200, removed.body);
    await ctx.as(held.token).post(`/api/models/moderation/cases/${kase.id}/appeal`, { text: "Peço revisão." });
    const back = await ctx.as(admin).post(`/api/admin/moderation/cases/${kase.id}/appeal-decision`, {
      outcome: "reversed",
      reason: "Revisto.",
    });
    assert.equal(back.statusCode, 200, back.body);
    assert.equal(await upload(evidence), 400, "a legal hold's block stays");
  });

  it("legal hold: the photos leave every public path, encrypted with their metadata; the export is audited", async () => {
    const m = await reportedModel("minor_or_exploitation", "203.0.113.14");
    const [photo] = await ctx.app.db.select().from(photos).where(eq(photos.id, m.photo.id));
    const original = await ctx.app.storage.get(`photos/${photo.filename}-400.webp`);
    assert.ok(original);
    const owner = (await ctx.as(m.token).get("/api/models/photos")).json().photos[0].url as string;
    assert.equal((await ctx.app.inject({ method: "GET", url: owner })).statusCode, 200);

    const res = await decide(ctx.app, admin, m.caseId, {
      action: "ban",
      reason: "Exploração: conteúdo removido e preservado.",
      legal_hold: true,
    });
    assert.equal(res.statusCode, 200, res.body);

    // No URL serves it: the public one, her signed one, and the uploads folder no longer hold the files.
    for (const width of PHOTO_WIDTHS) {
      const url = `/uploads/photos/${photo.filename}-${width}.webp`;
      assert.equal((await ctx.app.inject({ method: "GET", url })).statusCode, 404, url);
      assert.equal(
        existsSync(path.join(ctx.config.dataDir, "uploads", "photos", `${photo.filename}-${width}.webp`)),
        false,
      );
    }
    assert.equal((await ctx.app.inject({ method: "GET", url: owner })).statusCode, 404);
    const [evidence] = await ctx.app.db
      .select()
      .from(moderationEvidence)
      .where(eq(moderationEvidence.caseId, m.caseId));
    assert.ok(evidence);
    assert.ok(evidence.heldUntil.getTime() - Date.now() > 180 * 86_400_000, "held for at least 6 months");
    for (const url of [
      `/evidence/${evidence.fileKey}`,
      `/uploads/${evidence.fileKey}`,
      `/uploads/../evidence/${evidence.fileKey}`,
    ]) {
      const got = await ctx.app.inject({ method: "GET", url });
      assert.notEqual(got.statusCode, 200, url);
    }
    const file = path.join(ctx.config.dataDir, "evidence", evidence.fileKey);
    assert.ok(statSync(file).isFile());
    const sealed = readFileSync(file);
    assert.equal(sealed.subarray(0, 4).toString(), "VTE1");
    assert.ok(!sealed.includes(Buffer.from("WEBP")), "encrypted: no image header in clear");
    assert.equal((evidence.metadata as { uploader: { email: string } }).uploader.email, m.body.email);

    const exported = await ctx.as(admin).get(`/api/admin/moderation/cases/${m.caseId}/evidence`);
    assert.equal(exported.statusCode, 200);
    assert.match(String(exported.headers["content-disposition"]), /attachment/);
    const pack = exported.json();
    const data = Buffer.from(pack.evidence[0].file.data, "base64");
    assert.equal(createHash("sha256").update(data).digest("hex"), evidence.sha256);
    assert.equal(data.subarray(8, 12).toString(), "WEBP");
    assert.equal(pack.case.reports[0].category, "minor_or_exploitation");
    const actions = (await auditRows(m.caseId)).map((r) => r.action).sort();
    assert.deepEqual(actions, ["moderation.decide", "moderation.evidence_export"]);

    // The hold ends: the job deletes the file and the row.
    await expireEvidence({
      db: ctx.app.db,
      storage: ctx.app.evidenceStorage,
      now: new Date(evidence.heldUntil.getTime() + 1000),
    });
    assert.equal(existsSync(file), false);
    assert.equal(
      (await ctx.app.db.select().from(moderationEvidence).where(eq(moderationEvidence.caseId, m.caseId))).length,
      0,
    );
    assert.deepEqual(readdirSync(path.join(ctx.config.dataDir, "evidence", `case-${m.caseId}`)), []);
  });

  it("the transparency counts: reports per category, median time to a first action, actions taken", async () => {
    const res = await ctx.as(admin).get("/api/admin/moderation/stats");
    assert.equal(res.statusCode, 200);
    const stats = res.json();
    assert.ok(stats.reports_by_category.some((c: { category: string }) => c.category === "scam"));
    assert.equal(typeof stats.median_hours_to_first_action, "number");
    const actions = Object.fromEntries(
      stats.actions.map((a: { action: string; count: number }) => [a.action, a.count]),
    );
    assert.ok(actions.ban >= 2 && actions.hide_profile >= 1 && actions.suspend >= 1 && actions.hide_photo >= 1);
    assert.ok(stats.appeals.received >= 2);
    assert.equal(stats.appeals.reversed >= 1, true);
  });

  it("answers 404 for an unknown case and 400 for a bad action, never a 500", async () => {
    assert.equal((await ctx.as(admin).get("/api/admin/moderation/cases/999999")).statusCode, 404);
    assert.equal((await decide(ctx.app, admin, 999999, { action: "archive", reason: "nada a ver" })).statusCode, 404);
    const bad = await ctx.app.inject({
      method: "POST",
      url: "/api/admin/moderation/cases/1/decision",
      headers: bearer(admin),
      payload: { action: "explodir", reason: "motivo" },
    });
    assert.equal(bad.statusCode, 400);
    assert.equal((await ctx.as(admin).get("/api/admin/moderation/cases?status=x")).statusCode, 400);
  });
});
