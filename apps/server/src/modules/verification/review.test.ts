import assert from "node:assert/strict";
import { before, describe, test } from "node:test";
import { UNDERAGE_MESSAGE, type AdminVerificationsResponse, type PublicModelsResponse } from "@vitrine/contracts";
import { and, eq } from "drizzle-orm";
import { auditLog, identityVerifications, models } from "../../db/schema";
import { addDays, todayInSaoPaulo } from "../../lib/dates";
import type { ModelEvent } from "../../plugins/events";
import { makeVisible, registerModel } from "../../test/factories";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { verificationJob } from "../../jobs/verification";
import { deleteDueVerificationFiles } from "./service";
import { ownVerification, pendingOf, sendVerification } from "./test-support";
import { withoutId } from "../../test/events";

const ctx = useTestContext();
let admin: string;
before(async () => {
  admin = await signedInAdmin(ctx);
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const yearsAgo = (years: number, days = 0) => {
  const today = todayInSaoPaulo();
  return addDays(`${Number(today.slice(0, 4)) - years}${today.slice(4)}`, -days);
};

/** A registered model with an active, paid plan: everything the public needs but a verified identity. */
async function paidModel(name = "Verônica Teste") {
  const model = await registerModel(ctx.app, { name });
  await makeVisible(ctx.app, model.id);
  await ctx.app.db.update(models).set({ isVerified: false }).where(eq(models.id, model.id));
  return model;
}

const adminPost = (url: string, body: object) => ctx.as(admin).post(url, body);
const listed = async (name: string) => {
  const res = await ctx.as(null).get(`/api/models/public?search=${encodeURIComponent(name)}`);
  return (res.json() as PublicModelsResponse).models.map((m) => m.name);
};
const auditRows = (action: string, modelId: number) =>
  ctx.app.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.action, action), eq(auditLog.targetId, String(modelId))));

describe("visibility needs a verified identity", () => {
  test("an active, paid model stays out of public until an admin approves her verification", async () => {
    const model = await paidModel("Yasmin Verificada");
    assert.deepEqual(await listed("Yasmin Verificada"), []);
    assert.equal((await ctx.as(null).get(`/api/models/public/${model.id}`)).statusCode, 404);
    const profile = (await ctx.as(model.token).get("/api/models/profile")).json().model;
    assert.equal(profile.visibility.is_visible, false);
    assert.equal(profile.visibility.reasons[0].code, "identity_unverified");

    const start = await ownVerification(ctx.app, model.token);
    assert.equal(start.state, "none");
    assert.equal(start.can_submit, true);
    assert.match(start.code ?? "", /^[A-Z2-9]{6}$/);
    // The same code until she sends her photos.
    assert.equal((await ownVerification(ctx.app, model.token)).code, start.code);

    const sent = await sendVerification(ctx.app, model.token, { document_type: "cnh" });
    assert.equal(sent.statusCode, 201, sent.body);
    assert.equal(sent.json().verification.state, "pending");
    assert.equal(sent.json().verification.code, null);
    const waiting = (await ctx.as(model.token).get("/api/models/profile")).json().model;
    assert.equal(waiting.visibility.reasons[0].code, "identity_unverified");
    assert.match(waiting.visibility.reasons[0].message, /^Seus documentos estão em análise/);

    const events: ModelEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => events.push(withoutId(e)));
    const pending = await pendingOf(ctx.app, model.id);
    assert.equal(pending.code, start.code, "the code she held is kept with her verification for the admin");
    // The reviewer reads the age she typed beside the document, in the queue and the review, while pending.
    const review = async () => (await ctx.as(admin).get(`/api/admin/verifications/${pending.id}`)).json();
    const queue = (await ctx.as(admin).get("/api/admin/verifications?limit=50")).json() as AdminVerificationsResponse;
    assert.equal(queue.verifications.find((v) => v.id === pending.id)?.declared_age, model.body.age);
    assert.equal((await review()).verification.declared_age, model.body.age);
    assert.notEqual(model.body.age, 31, "the document below says otherwise");
    const birth = yearsAgo(31, 10);
    const approved = await adminPost(`/api/admin/verifications/${pending.id}/approve`, {
      birth_date: birth,
      document_number: "12.345.678-9",
    });
    stop();
    assert.equal(approved.statusCode, 200, approved.body);
    assert.equal(approved.json().verification.status, "approved");
    assert.equal(approved.json().verification.birth_date, birth);
    // Decided: her age is the document's; what she typed is no longer shown.
    assert.equal(approved.json().verification.declared_age, null);
    assert.equal((await review()).verification.declared_age, null);
    assert.deepEqual(events, [{ type: "model_status_updated", model_id: model.id }]);

    // The cached listing follows at once, with the badge and the age computed from the birth date.
    assert.deepEqual(await listed("Yasmin Verificada"), ["Yasmin Verificada"]);
    const card = (await ctx.as(null).get(`/api/models/public/${model.id}`)).json().model;
    assert.equal(card.is_verified, true);
    assert.equal(card.age, 31);
    const own = await ownVerification(ctx.app, model.token);
    assert.equal(own.state, "approved");
    assert.equal(own.birth_date, birth);
    const [audit] = await auditRows("verification.approve", model.id);
    assert.equal((audit.changes as { birth_date: string }).birth_date, birth);
    // Neither the number she showed nor its hash is written to the audit log; the verification keeps the hash.
    assert.doesNotMatch(JSON.stringify(audit.changes), /12\.?345|123456789/);
    const [kept] = await ctx.app.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.id, pending.id));
    assert.match(kept!.identityHash ?? "", /^[0-9a-f]{64}$/);
    assert.doesNotMatch(JSON.stringify(kept), /123456789/);

    // Her typed age is no longer hers to change; the rest of the profile is.
    const body = { ...model.body, age: 19, description: "Nova descrição" };
    delete (body as Partial<typeof body>).password;
    const edited = await ctx.as(model.token).put("/api/models/profile", body);
    assert.equal(edited.statusCode, 200, edited.body);
    assert.equal(edited.json().model.age, 31);
    assert.equal(edited.json().model.age_verified, true);
  });

  test("the admin's switch still verifies or hides a model, as before", async () => {
    const model = await paidModel("Olívia Chave");
    const on = await ctx.as(admin).patch(`/api/admin/models/${model.id}/status`, { is_verified: true });
    assert.equal(on.statusCode, 200, on.body);
    assert.deepEqual(await listed("Olívia Chave"), ["Olívia Chave"]);
    const off = await ctx.as(admin).patch(`/api/admin/models/${model.id}/status`, { is_verified: false });
    assert.equal(off.statusCode, 200, off.body);
    assert.deepEqual(await listed("Olívia Chave"), []);
  });
});

describe("under 18 cannot be approved", () => {
  test("a birth date under 18 answers 400, freezes the account and flags it to the admins", async () => {
    const model = await paidModel("Bruna Congelada");
    await sendVerification(ctx.app, model.token);
    const pending = await pendingOf(ctx.app, model.id);
    // 18 tomorrow: still 17 today in São Paulo.
    const refused = await adminPost(`/api/admin/verifications/${pending.id}/approve`, {
      birth_date: addDays(yearsAgo(18), 1),
      document_number: "12.345.678-9",
    });
    assert.equal(refused.statusCode, 400, refused.body);
    assert.equal(refused.json().error, UNDERAGE_MESSAGE);
    assert.equal(refused.json().details[0].path, "birth_date");

    const [row] = await ctx.app.db.select().from(models).where(eq(models.id, model.id));
    assert.ok(row.verificationFrozenAt);
    assert.equal(row.isVerified, false);
    assert.equal((await auditRows("verification.underage", model.id)).length, 1);
    const queue = (await ctx.as(admin).get("/api/admin/verifications")).json() as AdminVerificationsResponse;
    assert.ok(queue.frozen.some((m) => m.id === model.id));
    assert.ok(!queue.verifications.some((v) => v.model.id === model.id));

    // Frozen: nothing she or an admin does shows her until an admin unfreezes the account.
    assert.equal((await ownVerification(ctx.app, model.token)).state, "frozen");
    assert.equal((await sendVerification(ctx.app, model.token)).statusCode, 403);
    const switched = await ctx.as(admin).patch(`/api/admin/models/${model.id}/status`, { is_verified: true });
    assert.equal(switched.statusCode, 409, switched.body);
    assert.equal(
      (
        await adminPost(`/api/admin/verifications/${pending.id}/approve`, {
          birth_date: yearsAgo(30),
          document_number: "12.345.678-9",
        })
      ).statusCode,
      409,
    );
    assert.deepEqual(await listed("Bruna Congelada"), []);

    const unfrozen = await adminPost(`/api/admin/verifications/frozen/${model.id}/unfreeze`, {
      reason: "Data de nascimento digitada errada",
    });
    assert.equal(unfrozen.statusCode, 200, unfrozen.body);
    assert.equal((await auditRows("verification.unfreeze", model.id)).length, 1);
    assert.equal((await ownVerification(ctx.app, model.token)).state, "none");
    assert.equal((await sendVerification(ctx.app, model.token)).statusCode, 201);
  });

  test("18 today is an adult; a date in the future or that does not exist is 400", async () => {
    const model = await paidModel("Clara Dezoito");
    await sendVerification(ctx.app, model.token);
    const pending = await pendingOf(ctx.app, model.id);
    const url = `/api/admin/verifications/${pending.id}/approve`;
    for (const birth_date of [addDays(todayInSaoPaulo(), 1), "2001-02-30", "30/01/2001", ""]) {
      const res = await adminPost(url, { birth_date });
      assert.equal(res.statusCode, 400, `${birth_date}: ${res.body}`);
      assert.equal(res.json().code, "VALIDATION_ERROR");
    }
    const ok = await adminPost(url, { birth_date: yearsAgo(18), document_number: "12.345.678-9" });
    assert.equal(ok.statusCode, 200, ok.body);
    assert.equal((await ctx.as(model.token).get("/api/models/profile")).json().model.age, 18);
  });
});

describe("rejection, appeal and new photos", () => {
  test("she reads the reason, appeals once with a message, and a second rejection is final", async () => {
    const model = await paidModel("Diana Recurso");
    await sendVerification(ctx.app, model.token);
    const first = await pendingOf(ctx.app, model.id);
    const reason = "O rosto da selfie não confere com o documento";
    const rejected = await adminPost(`/api/admin/verifications/${first.id}/reject`, { reason });
    assert.equal(rejected.statusCode, 200, rejected.body);
    assert.equal((await auditRows("verification.reject", model.id)).length, 1);

    const own = await ownVerification(ctx.app, model.token);
    assert.equal(own.state, "rejected");
    assert.equal(own.reason, reason);
    assert.equal(own.is_appeal, true);
    assert.ok(own.code);

    const noMessage = await sendVerification(ctx.app, model.token);
    assert.equal(noMessage.statusCode, 400, noMessage.body);
    assert.equal(noMessage.json().details[0].path, "message");
    const appeal = await sendVerification(ctx.app, model.token, {
      document_type: "passport",
      message: "Sou eu mesma: a foto do documento é de dez anos atrás.",
    });
    assert.equal(appeal.statusCode, 201, appeal.body);
    const second = await pendingOf(ctx.app, model.id);
    assert.equal(second.isAppeal, true);

    // The admin deciding the appeal sees the first decision, whose files are kept 30 days.
    const detail = (await ctx.as(admin).get(`/api/admin/verifications/${second.id}`)).json();
    assert.equal(detail.verification.appeal_message, "Sou eu mesma: a foto do documento é de dez anos atrás.");
    assert.equal(detail.history[0].reason, reason);
    assert.equal(detail.history[0].has_files, true);
    await deleteDueVerificationFiles({ db: ctx.app.db, storage: ctx.app.storage, now: new Date(Date.now() + 2 * DAY) });
    assert.equal((await ctx.as(admin).get(`/api/admin/verifications/${first.id}/files/document`)).statusCode, 200);

    await adminPost(`/api/admin/verifications/${second.id}/reject`, { reason: "Documento ilegível de novo" });
    assert.equal((await ownVerification(ctx.app, model.token)).state, "closed");
    assert.equal((await sendVerification(ctx.app, model.token)).statusCode, 409);

    await deleteDueVerificationFiles({
      db: ctx.app.db,
      storage: ctx.app.storage,
      now: new Date(Date.now() + 30 * DAY),
    });
    assert.equal((await ctx.as(admin).get(`/api/admin/verifications/${first.id}/files/document`)).statusCode, 404);
  });

  test("asked for a new photo, she reads what to fix and sends again (not an appeal)", async () => {
    const model = await paidModel("Érica Nova Foto");
    await sendVerification(ctx.app, model.token);
    const first = await pendingOf(ctx.app, model.id);
    const res = await adminPost(`/api/admin/verifications/${first.id}/resubmit`, { reason: "Selfie sem o código" });
    assert.equal(res.statusCode, 200, res.body);
    const own = await ownVerification(ctx.app, model.token);
    assert.equal(own.state, "resubmit");
    assert.equal(own.reason, "Selfie sem o código");
    assert.equal(own.is_appeal, false);
    assert.equal((await sendVerification(ctx.app, model.token)).statusCode, 201);
    assert.equal((await pendingOf(ctx.app, model.id)).isAppeal, false);
    assert.equal((await auditRows("verification.resubmit", model.id)).length, 1);
    // A decided verification is not decided twice; an unknown one is 404.
    assert.equal(
      (await adminPost(`/api/admin/verifications/${first.id}/reject`, { reason: "Outra vez" })).statusCode,
      409,
    );
    assert.equal((await adminPost("/api/admin/verifications/999999/reject", { reason: "Nada aqui" })).statusCode, 404);
    assert.equal((await adminPost(`/api/admin/verifications/${first.id}/reject`, { reason: "" })).statusCode, 400);
  });

  test("the queue lists the verifications awaiting review oldest first", async () => {
    const older = await paidModel("Fila Primeira");
    const newer = await paidModel("Fila Segunda");
    await sendVerification(ctx.app, older.token);
    await sendVerification(ctx.app, newer.token);
    const queue = (await ctx.as(admin).get("/api/admin/verifications?limit=50")).json() as AdminVerificationsResponse;
    const ids = queue.verifications.map((v) => v.model.id);
    assert.ok(ids.indexOf(older.id) < ids.indexOf(newer.id), JSON.stringify(ids));
    const submitted = queue.verifications.map((v) => v.submitted_at ?? "");
    assert.deepEqual(submitted, [...submitted].sort());
    const mine = queue.verifications.find((v) => v.model.id === newer.id)!;
    assert.equal(mine.document_type, "rg");
    assert.equal(mine.has_files, true);
  });
});

describe("the files are gone after the job", () => {
  test("within 24 hours of the decision only the decision, the reviewer, the document type and the birth date stay", async () => {
    const model = await paidModel("Gabriela Arquivos");
    await sendVerification(ctx.app, model.token, { document_type: "passport" });
    const pending = await pendingOf(ctx.app, model.id);
    await adminPost(`/api/admin/verifications/${pending.id}/approve`, {
      birth_date: yearsAgo(40),
      document_number: "12.345.678-9",
    });
    const keys = [pending.documentFileKey!, pending.selfieFileKey!];
    for (const key of keys) assert.ok(await ctx.app.storage.get(key), "stored until the job runs");

    await deleteDueVerificationFiles({ db: ctx.app.db, storage: ctx.app.storage, now: new Date(Date.now() + HOUR) });
    assert.ok(await ctx.app.storage.get(keys[0]), "kept an hour after the decision");
    await deleteDueVerificationFiles({ db: ctx.app.db, storage: ctx.app.storage, now: new Date(Date.now() + DAY) });
    for (const key of keys) assert.equal(await ctx.app.storage.get(key), null);
    const [row] = await ctx.app.db.select().from(identityVerifications).where(eq(identityVerifications.id, pending.id));
    assert.equal(row.status, "approved");
    assert.equal(row.documentType, "passport");
    assert.equal(row.birthDate, yearsAgo(40));
    assert.ok(row.decidedBy);
    assert.equal(row.documentFileKey, null);
    assert.equal(row.selfieFileKey, null);
    assert.equal(row.code, null);
    assert.equal(row.filesDeleteAfter, null);
    const file = await ctx.as(admin).get(`/api/admin/verifications/${pending.id}/files/selfie`);
    assert.equal(file.statusCode, 404);
  });

  test("an erased account's verifications and verified birth date go with it", async () => {
    const model = await paidModel("Helena Apagada");
    await sendVerification(ctx.app, model.token);
    const pending = await pendingOf(ctx.app, model.id);
    await adminPost(`/api/admin/verifications/${pending.id}/approve`, {
      birth_date: yearsAgo(33),
      document_number: "12.345.678-9",
    });
    const erased = await ctx.as(model.token).delete("/api/models/account", { password: "senha-forte-123" });
    assert.equal(erased.statusCode, 200, erased.body);
    await deleteDueVerificationFiles({ db: ctx.app.db, storage: ctx.app.storage, now: new Date() });
    assert.equal(await ctx.app.storage.get(pending.documentFileKey!), null);
    const rows = await ctx.app.db
      .select()
      .from(identityVerifications)
      .where(eq(identityVerifications.modelId, model.id));
    assert.deepEqual(rows, []);
    const [shell] = await ctx.app.db.select().from(models).where(eq(models.id, model.id));
    assert.equal(shell.verifiedBirthDate, null);
    assert.equal(shell.isVerified, false);
  });
});

describe("the age shown follows the verified birth date", () => {
  test("the verification job moves her age on her birthday (São Paulo) and tells the live stream", async () => {
    const model = await paidModel("Isadora Aniversário");
    await sendVerification(ctx.app, model.token);
    const pending = await pendingOf(ctx.app, model.id);
    // Born 25 years ago tomorrow: 24 today.
    const birth = addDays(yearsAgo(25), 1);
    await adminPost(`/api/admin/verifications/${pending.id}/approve`, {
      birth_date: birth,
      document_number: "12.345.678-9",
    });
    assert.equal((await ctx.as(null).get(`/api/models/public/${model.id}`)).json().model.age, 24);

    const events: ModelEvent[] = [];
    const stop = ctx.app.events.subscribe((e) => events.push(withoutId(e)));
    const tomorrow = new Date(Date.now() + DAY);
    await verificationJob.run({ app: ctx.app, now: tomorrow, state: {} });
    stop();
    const [row] = await ctx.app.db.select({ age: models.age }).from(models).where(eq(models.id, model.id));
    assert.equal(row.age, 25);
    assert.ok(events.some((e) => e.type === "model_status_updated" && e.model_id === model.id));
    assert.equal((await ctx.as(null).get(`/api/models/public/${model.id}`)).json().model.age, 25);
  });
});
