import assert from "node:assert/strict";
import { before, describe, it } from "node:test";
import { REPORT_RECEIVED_MESSAGE } from "@vitrine/contracts";
import { and, desc, eq, like } from "drizzle-orm";
import { auditLog, mailOutbox, moderationCases, moderationReports, models, photos } from "../../db/schema";
import { agePassCookies } from "../../test/age-pass";
import { buildModel, makeVisible, registerModel } from "../../test/factories";
import { TEST_ADMIN } from "../../test/helper";
import { useTestContext, signedInAdmin } from "../../test/fixtures";
import { addNoisyPhoto, decide } from "./test-support";
import { NETWORK_WEIGHING_PER_DAY } from "./weight";

/**
 * The attack of issue 27 replayed: one anonymous urgent report used to hide any profile at once. Now urgent
 * reports weigh only from browsers with an age pass, once per network and age session per profile, a few a day
 * per network; a profile is hidden before review only when 3 (the setting) from distinct networks agree.
 */
describe("urgent reports weigh, and only agreement hides", () => {
  const ctx = useTestContext();
  let admin: string;
  let secret: string;
  before(async () => {
    admin = await signedInAdmin(ctx);
    secret = ctx.app.config.jwtSecret;
  });

  /** A fresh IPv4 /24 for each call: tests never share a network (the daily cap counts per network). */
  let networks = 0;
  const freshIp = () => {
    networks += 1;
    return `10.${Math.floor(networks / 250) + 1}.${networks % 250}.9`;
  };
  const passCookie = () => agePassCookies(secret);

  const urgent = (ip: string, modelId: number, cookie: string | null, category = "minor_or_exploitation") =>
    ctx.app.inject({
      method: "POST",
      url: "/api/reports",
      payload: { model_id: modelId, category },
      remoteAddress: ip,
      headers: cookie ? { cookie } : {},
    });

  const statusOf = async (modelId: number) => {
    const [row] = await ctx.app.db
      .select({ status: models.moderationStatus, frozenAt: models.photosFrozenAt })
      .from(models)
      .where(eq(models.id, modelId));
    return row!;
  };
  const reportsOf = (modelId: number) =>
    ctx.app.db.select().from(moderationReports).where(eq(moderationReports.modelId, modelId));
  const mailTo = (to: string, subject: string) =>
    ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, to), like(mailOutbox.subject, `${subject}%`)));
  const emailOf = async (modelId: number) =>
    (await ctx.app.db.select({ email: models.email }).from(models).where(eq(models.id, modelId)))[0]!.email;

  it("urgent reports from one network against many profiles hide none, and weigh a few a day in all", async () => {
    const ip = freshIp();
    const sameNetwork = ip.replace(/\.9$/, "");
    const targets = [];
    for (let i = 0; i < 6; i++) targets.push(await buildModel(ctx.app));
    for (const [i, target] of targets.entries()) {
      // Each from another address of the /24 and another age-passed browser: still one network.
      for (let j = 0; j < 3; j++) {
        const res = await urgent(`${sameNetwork}.${10 + i * 3 + j}`, target, await passCookie());
        assert.equal(res.statusCode, 200, res.body);
        assert.deepEqual(res.json(), { success: true, message: REPORT_RECEIVED_MESSAGE });
      }
    }
    for (const target of targets) assert.equal((await statusOf(target)).status, "none");
    const weighing = (await Promise.all(targets.map(reportsOf))).flat().filter((r) => r.weighs);
    assert.equal(weighing.length, NETWORK_WEIGHING_PER_DAY, "one per profile, three a day for the network");
    // Every report is kept and shown, at the top of the queue.
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, targets[5]!));
    assert.equal(kase!.priority, 2);
    assert.equal(kase!.autoHidden, false);
    const detail = (await ctx.as(admin).get(`/api/admin/moderation/cases/${kase!.id}`)).json().case;
    assert.equal(detail.reports.length, 3);
    assert.ok(detail.reports.every((r: { weighs: boolean; age_passed: boolean }) => !r.weighs && r.age_passed));
  });

  it("urgent reports from many networks without an age pass hide none", async () => {
    const target = await buildModel(ctx.app);
    // 24 IPv6 networks of different /48s, and 24 /64s of one /48: no pass, no weight.
    for (let i = 1; i <= 24; i++) {
      assert.equal((await urgent(`2001:db8:${i.toString(16)}::1`, target, null)).statusCode, 200);
      assert.equal((await urgent(`2001:db9:1:${i.toString(16)}::1`, target, null)).statusCode, 200);
    }
    assert.equal((await statusOf(target)).status, "none");
    assert.ok((await reportsOf(target)).every((r) => !r.weighs && r.ageSessionHash === null));

    // /64s of one /48 with passes: one network, one voice.
    const second = await buildModel(ctx.app);
    for (let i = 1; i <= 5; i++) await urgent(`2001:dba:7:${i}::1`, second, await passCookie());
    assert.equal((await statusOf(second)).status, "none");
    assert.equal((await reportsOf(second)).filter((r) => r.weighs).length, 1);
  });

  it("the same age session from three networks counts once", async () => {
    const target = await buildModel(ctx.app);
    const cookie = await passCookie();
    for (let i = 0; i < 3; i++) assert.equal((await urgent(freshIp(), target, cookie)).statusCode, 200);
    assert.equal((await statusOf(target)).status, "none");
    assert.equal((await reportsOf(target)).filter((r) => r.weighs).length, 1);
  });

  it("one age session carried through many networks weighs a few a day in all, like one network", async () => {
    const cookie = await passCookie();
    const targets = [];
    for (let i = 0; i < NETWORK_WEIGHING_PER_DAY + 2; i++) targets.push(await buildModel(ctx.app));
    for (const target of targets) assert.equal((await urgent(freshIp(), target, cookie)).statusCode, 200);
    const weighing = (await Promise.all(targets.map(reportsOf))).flat().filter((r) => r.weighs);
    assert.equal(weighing.length, NETWORK_WEIGHING_PER_DAY);
  });

  it("three independent age-passed reporters hide her: held, photos frozen, audited, e-mailed, first in the queue", async () => {
    const { id, token } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    await addNoisyPhoto(ctx.app, token);
    // An older ordinary case, to see the urgent one come first.
    await urgent(freshIp(), await buildModel(ctx.app), null, "scam");

    const first = await urgent(freshIp(), id, await passCookie());
    assert.equal(first.statusCode, 200, first.body);
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200, "one is not enough");
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, id));
    // The case became urgent: every admin is e-mailed once, with a link to the case and nothing of the reporter.
    const alerts = await mailTo(TEST_ADMIN.email, "Denúncia urgente");
    const alert = alerts.find((m) => m.textBody.includes(`/admin/denuncias/${kase!.id}`));
    assert.ok(alert, "the admins' alert links to the case");
    assert.ok(!alert.textBody.includes("10."), "no reporter address in the alert");

    await urgent(freshIp(), id, await passCookie(), "trafficking_or_coercion");
    assert.equal((await statusOf(id)).status, "none", "two are not enough");
    const again = (await mailTo(TEST_ADMIN.email, "Denúncia urgente")).filter((m) =>
      m.textBody.includes(`/admin/denuncias/${kase!.id}`),
    );
    assert.equal(again.length, 1, "one alert per case becoming urgent");

    await urgent(freshIp(), id, await passCookie());
    const held = await statusOf(id);
    assert.equal(held.status, "held");
    assert.ok(held.frozenAt, "her photos are frozen as evidence");
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 404);
    const [after] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.id, kase!.id));
    assert.equal(after!.autoHidden, true);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "moderation.auto_hold"), eq(auditLog.targetId, String(kase!.id))));
    assert.ok(audit, "a system audit row");
    assert.equal(audit.actor, "sistema");
    assert.equal((await mailTo(await emailOf(id), "Seu anúncio está em análise")).length, 1);
    assert.ok((await mailTo(TEST_ADMIN.email, "Perfil ocultado por denúncias")).length >= 1);

    const queue = (await ctx.as(admin).get("/api/admin/moderation/cases?limit=100")).json();
    assert.equal(queue.cases[0].id, kase!.id);
    assert.ok(queue.urgent_open >= 1);
    assert.ok(queue.urgent_oldest_at);
    const urgentSummary = (await ctx.as(admin).get("/api/admin/moderation/urgent")).json();
    assert.equal(urgentSummary.urgent_open, queue.urgent_open);

    // She reads why in Moderação, with nothing of the reporters.
    const own = (await ctx.as(token).get("/api/models/moderation")).json();
    assert.equal(own.moderation_status, "held");
    assert.deepEqual(own.under_review.categories.sort(), ["minor_or_exploitation", "trafficking_or_coercion"]);
  });

  it("a network over its daily cap weighs nothing", async () => {
    const ip = freshIp();
    for (let i = 0; i < NETWORK_WEIGHING_PER_DAY; i++) {
      await urgent(ip, await buildModel(ctx.app), await passCookie());
    }
    const target = await buildModel(ctx.app);
    await urgent(freshIp(), target, await passCookie());
    await urgent(freshIp(), target, await passCookie());
    await urgent(ip, target, await passCookie());
    assert.equal((await statusOf(target)).status, "none", "the capped network is the third voice: no agreement");
    const capped = (await reportsOf(target)).find((r) => r.weighs === false);
    assert.ok(capped, "its report is kept");
  });

  it("Restaurar (denúncias falsas) brings her back in one click, and those networks weigh nothing after", async () => {
    const id = await buildModel(ctx.app);
    const ips = [freshIp(), freshIp(), freshIp()];
    for (const ip of ips) await urgent(ip, id, await passCookie());
    assert.equal((await statusOf(id)).status, "held");
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, id));

    const restored = await decide(ctx.app, admin, kase!.id, {
      action: "archive",
      reason: "Denúncias falsas: perfil restaurado.",
      false_reports: true,
    });
    assert.equal(restored.statusCode, 200, restored.body);
    const back = await statusOf(id);
    assert.equal(back.status, "none");
    assert.equal(back.frozenAt, null, "her photos thaw");
    assert.equal((await ctx.as(null).get(`/api/models/public/${id}`)).statusCode, 200);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "moderation.decide"), eq(auditLog.targetId, String(kase!.id))))
      .orderBy(desc(auditLog.id));
    assert.equal((audit!.changes as { false_reports?: boolean }).false_reports, true);
    assert.equal((await mailTo(await emailOf(id), "Seu anúncio voltou ao ar")).length, 1);

    // The same networks (other addresses, new browsers) against someone else: kept, weighing nothing.
    const next = await buildModel(ctx.app);
    for (const ip of ips) await urgent(ip.replace(/\.9$/, ".77"), next, await passCookie());
    assert.equal((await statusOf(next)).status, "none");
    assert.ok((await reportsOf(next)).every((r) => !r.weighs));

    // false_reports only goes with archive.
    const other = await buildModel(ctx.app);
    await urgent(freshIp(), other, null);
    const [otherCase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, other));
    const wrong = await decide(ctx.app, admin, otherCase!.id, {
      action: "hide_profile",
      reason: "Teste de regra.",
      false_reports: true,
    });
    assert.equal(wrong.statusCode, 400);
  });

  /** The token of the confirmation link last queued for `email`. */
  async function noticeToken(email: string) {
    const [mail] = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, "Confirme sua denúncia%")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    assert.ok(mail, `a confirmation link to ${email}`);
    const match = /\/denuncias\/confirmar\?token=([A-Za-z0-9_-]+)/.exec(mail.textBody);
    assert.ok(match, mail.textBody);
    return match[1]!;
  }

  const notice = (email: string, url: string, category: string, ip = freshIp()) =>
    ctx.app.inject({
      method: "POST",
      url: "/api/reports/notice",
      remoteAddress: ip,
      payload: {
        name: "Maria da Silva",
        email,
        role: "self",
        url,
        category,
        reason: "Conteúdo denunciado com detalhes suficientes.",
      },
    });

  it("an unconfirmed notice weighs nothing; confirmed, it counts as one independent urgent report", async () => {
    const id = await buildModel(ctx.app);
    const email = `notice-${id}@example.com`;
    const res = await notice(email, `https://vitrine.example/modelo/${id}`, "minor_or_exploitation");
    assert.equal(res.statusCode, 200, res.body);
    assert.equal(res.json().message, REPORT_RECEIVED_MESSAGE);
    await urgent(freshIp(), id, await passCookie());
    await urgent(freshIp(), id, await passCookie());
    assert.equal((await statusOf(id)).status, "none", "the unconfirmed notice is not the third voice");
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, id));
    const detail = (await ctx.as(admin).get(`/api/admin/moderation/cases/${kase!.id}`)).json().case;
    const shown = detail.reports.find((r: { source: string }) => r.source === "notice");
    assert.equal(shown.confirmed, false);
    assert.equal(shown.weighs, false);

    const token = await noticeToken(email);
    const status = await ctx.as(null).get(`/api/reports/notice/status?token=${token}`);
    assert.equal(status.statusCode, 200, status.body);
    assert.equal(status.json().state, "received");
    assert.equal(status.json().can_confirm, true);

    const confirmed = await ctx.as(null).post("/api/reports/notice/confirm", { token });
    assert.equal(confirmed.statusCode, 200, confirmed.body);
    assert.equal((await statusOf(id)).status, "held", "confirmed, it is the third voice (no age pass needed)");
    assert.equal((await ctx.as(null).get(`/api/reports/notice/status?token=${token}`)).json().state, "in_review");

    // Single use; forged and expired links are refused in Portuguese.
    const twice = await ctx.as(null).post("/api/reports/notice/confirm", { token });
    assert.equal(twice.statusCode, 409);
    assert.match(twice.json().error, /já foi confirmada/);
    const forged = await ctx.as(null).post("/api/reports/notice/confirm", { token: "x".repeat(43) });
    assert.equal(forged.statusCode, 404);
    assert.match(forged.json().error, /Link inválido/);
    assert.equal((await ctx.as(null).get(`/api/reports/notice/status?token=${"y".repeat(43)}`)).statusCode, 404);
    const malformed = await ctx.as(null).post("/api/reports/notice/confirm", { token: "../../etc" });
    assert.equal(malformed.statusCode, 400);

    const late = await buildModel(ctx.app);
    const lateEmail = `late-${late}@example.com`;
    await notice(lateEmail, `https://vitrine.example/modelo/${late}`, "trafficking_or_coercion");
    const lateToken = await noticeToken(lateEmail);
    await ctx.app.db
      .update(moderationReports)
      .set({ confirmExpiresAt: new Date(Date.now() - 1000) })
      .where(eq(moderationReports.modelId, late));
    const expired = await ctx.as(null).post("/api/reports/notice/confirm", { token: lateToken });
    assert.equal(expired.statusCode, 400);
    assert.match(expired.json().error, /expirou/);
  });

  it("a confirmed notice of an intimate image hides that photo, not the profile; its sender reads the answer", async () => {
    const { id, token } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    const photo = await addNoisyPhoto(ctx.app, token);
    const email = `self-${id}@example.com`;
    const url = `https://vitrine.example/uploads/photos/${photo.filename}-800.webp`;
    assert.equal((await notice(email, url, "intimate_image_without_consent")).statusCode, 200);
    const isHidden = async () =>
      (await ctx.app.db.select().from(photos).where(eq(photos.id, photo.id)))[0]!.moderationHiddenAt !== null;
    assert.equal(await isHidden(), false, "unconfirmed: nothing hidden");

    const link = await noticeToken(email);
    assert.equal((await ctx.as(null).post("/api/reports/notice/confirm", { token: link })).statusCode, 200);
    assert.equal(await isHidden(), true);
    assert.equal((await statusOf(id)).status, "none", "the profile stays");
    const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.photoId, photo.id));
    assert.equal(kase!.priority, 1);
    const [audit] = await ctx.app.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, "moderation.auto_hide_photo"), eq(auditLog.targetId, String(kase!.id))));
    assert.ok(audit);

    const decided = await decide(ctx.app, admin, kase!.id, { action: "hide_photo", reason: "Foto removida a pedido." });
    assert.equal(decided.statusCode, 200, decided.body);
    const status = (await ctx.as(null).get(`/api/reports/notice/status?token=${link}`)).json();
    assert.equal(status.state, "decided");
    assert.equal(status.decision, "Foto ocultada");
    assert.equal(status.answer, "Foto removida a pedido.");
  });

  it("an ordinary report never hides anything, however many send it", async () => {
    const { id, token } = await registerModel(ctx.app);
    await makeVisible(ctx.app, id);
    const photo = await addNoisyPhoto(ctx.app, token);
    for (let i = 0; i < 5; i++) {
      await urgent(freshIp(), id, await passCookie(), "scam");
      await ctx.app.inject({
        method: "POST",
        url: "/api/reports",
        remoteAddress: freshIp(),
        headers: { cookie: await passCookie() },
        payload: { model_id: id, photo_id: photo.id, category: "not_the_person" },
      });
    }
    assert.equal((await statusOf(id)).status, "none");
    const profile = (await ctx.as(null).get(`/api/models/public/${id}`)).json();
    assert.deepEqual(
      (profile.photos as { id: number }[]).map((p) => p.id),
      [photo.id],
    );
  });
});
