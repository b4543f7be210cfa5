import assert from "node:assert/strict";
import { after, before, describe, it } from "node:test";
import {
  type AdminTransparencyResponse,
  TRANSPARENCY_PERIOD_INVALID,
  TRANSPARENCY_PERIOD_OUT_OF_RANGE,
  type TransparencyReport,
} from "@vitrine/contracts";
import { and, desc, eq, inArray, like } from "drizzle-orm";
import { boosts, identityVerifications, mailOutbox, moderationCases, moderationReports } from "../../db/schema";
import { buildModel, loginAdmin, registerModel } from "../../test/factories";
import { signedInAdmin, useTestContext } from "../../test/fixtures";
import { boostAwaitingReview } from "../boosts/test-support";
import { agreeingReports, decide, report } from "../moderation/test-support";
import { type PaymentsContext, startPaymentsContext } from "../payments/test-support";
import { pendingOf, sendVerification } from "../verification/test-support";
import { resolveReportRange, saoPauloMidnight } from "./periods";

const HOUR = 3_600_000;

/**
 * The transparency report (decision 076): counts of a period built from the moderation cases, reports and
 * verifications the server keeps, with São Paulo period boundaries, nearest-rank median and p90 of the time to
 * first review, an aggregate-only public answer and the admin's cases behind it.
 */
describe("transparency report", () => {
  const ctx = useTestContext();
  let admin: string;
  before(async () => {
    admin = await signedInAdmin(ctx);
  });

  const publicReport = async (periodo: string) => {
    const res = await ctx.as(null).get(`/api/transparency?periodo=${periodo}`);
    assert.equal(res.statusCode, 200, res.body);
    return { body: res.json() as { report: TransparencyReport }, raw: res.body };
  };
  const adminReport = async (periodo: string) => {
    const res = await ctx.as(admin).get(`/api/admin/transparency?periodo=${periodo}`);
    assert.equal(res.statusCode, 200, res.body);
    return res.json() as AdminTransparencyResponse;
  };
  const countOf = (lines: { value: string; count: number }[], value: string) =>
    lines.find((l) => l.value === value)?.count;

  it("periods are São Paulo quarters and years; the default is the current quarter; a bad one is a 400", async () => {
    const now = new Date("2026-12-07T15:00:00Z");
    const q4 = resolveReportRange("2026-T4", now);
    assert.equal(q4.start.toISOString(), "2026-10-01T03:00:00.000Z");
    assert.equal(q4.end.toISOString(), "2027-01-01T03:00:00.000Z");
    assert.deepEqual(
      [q4.from, q4.to, q4.label, q4.complete],
      ["2026-10-01", "2026-12-31", "4º trimestre de 2026", false],
    );
    const year = resolveReportRange("2025", now);
    assert.deepEqual(
      [year.start.toISOString(), year.end.toISOString(), year.complete],
      ["2025-01-01T03:00:00.000Z", "2026-01-01T03:00:00.000Z", true],
    );
    // The last minutes of 31 December in São Paulo are already 1 January in UTC: still the old quarter.
    assert.equal(resolveReportRange(undefined, new Date("2027-01-01T02:59:59Z")).key, "2026-T4");
    assert.equal(resolveReportRange(undefined, new Date("2027-01-01T03:00:00Z")).key, "2027-T1");
    assert.equal(saoPauloMidnight("2025-07-01").toISOString(), "2025-07-01T03:00:00.000Z");

    for (const [periodo, message] of [
      ["2026-T5", TRANSPARENCY_PERIOD_INVALID],
      ["abc", TRANSPARENCY_PERIOD_INVALID],
      ["2019", TRANSPARENCY_PERIOD_OUT_OF_RANGE],
      ["2099-T1", TRANSPARENCY_PERIOD_OUT_OF_RANGE],
    ] as const) {
      for (const url of [`/api/transparency?periodo=${periodo}`, `/api/admin/transparency?periodo=${periodo}`]) {
        const res = await ctx.as(admin).get(url);
        assert.equal(res.statusCode, 400, `${url}: ${res.body}`);
        assert.equal(res.json().error, message, url);
      }
    }
    const current = await ctx.as(null).get("/api/transparency");
    assert.equal(current.statusCode, 200, current.body);
    assert.equal(current.json().report.period.key, resolveReportRange(undefined).key);
  });

  it("the admin's report needs an admin: 401 without a token, 403 with a model's", async () => {
    const model = await registerModel(ctx.app);
    assert.equal((await ctx.as(null).get("/api/admin/transparency")).statusCode, 401);
    assert.equal((await ctx.as(model.token).get("/api/admin/transparency")).statusCode, 403);
  });

  it("counts reports, notices, decisions, appeals, review times and verifications of the period", async () => {
    // The second quarter of 2025 runs from 2025-04-01 03:00 UTC to 2025-07-01 03:00 UTC (São Paulo is UTC−3).
    const start = new Date("2025-04-01T03:00:00Z");
    const inQuarter = (days: number) => new Date(start.getTime() + days * 24 * HOUR);

    // Ten visible models, each reported once by a visitor; each case is decided with a known review time.
    const reviewHours = [0.5, 1, 2, 3, 4, 6, 8, 12, 24, 48];
    const actions = ["archive", "archive", "archive", "hide_profile", "hide_profile", "hide_profile", "suspend"];
    actions.push("ban", "hide_profile", "archive");
    const categories = ["scam", "scam", "scam", "not_the_person", "spam_or_wrong_category", "other", "scam"];
    categories.push("not_the_person", "intimate_image_without_consent", "other");
    const caseIds: number[] = [];
    for (let i = 0; i < reviewHours.length; i++) {
      const modelId = await buildModel(ctx.app, { name: `Denunciada ${i}` });
      const res = await report(ctx.app, `203.0.113.${i + 1}`, {
        model_id: modelId,
        category: categories[i],
        text: `Texto secreto da denúncia ${i}`,
      });
      assert.equal(res.statusCode, 200, res.body);
      const [kase] = await ctx.app.db.select().from(moderationCases).where(eq(moderationCases.modelId, modelId));
      caseIds.push(kase!.id);
    }
    // Urgent reports that agree hide an eleventh profile before review; archiving it as false reports restores it.
    const hiddenModel = await buildModel(ctx.app, { name: "Ocultada antes da análise" });
    await agreeingReports(ctx.app, ["198.51.100.1", "198.51.101.1", "198.51.102.1"], {
      model_id: hiddenModel,
      category: "minor_or_exploitation",
    });
    const [hiddenCase] = await ctx.app.db
      .select()
      .from(moderationCases)
      .where(eq(moderationCases.modelId, hiddenModel));
    assert.equal(hiddenCase!.autoHidden, true);
    // An identified notice (art. 29), left undecided.
    const noticeTarget = await buildModel(ctx.app);
    const notice = await ctx.as(null).post("/api/reports/notice", {
      name: "Maria da Silva",
      email: "maria.transparencia@example.com",
      role: "self",
      url: `https://vitrine.example/modelo/${noticeTarget}`,
      category: "intimate_image_without_consent",
      reason: "Esta sou eu e não autorizei este anúncio.",
    });
    assert.equal(notice.statusCode, 200, notice.body);
    // A trusted notifier's urgent report, left undecided.
    const notifier = await activeNotifier();
    const trustedTarget = await buildModel(ctx.app);
    const trusted = await ctx.as(notifier).post("/api/notifier/reports", {
      profile: `https://vitrine.example/modelo/${trustedTarget}`,
      category: "trafficking_or_coercion",
      description: "Anúncio com indícios de tráfico de pessoas.",
    });
    assert.equal(trusted.statusCode, 201, trusted.body);

    for (let i = 0; i < caseIds.length; i++) {
      const res = await decide(ctx.app, admin, caseIds[i]!, { action: actions[i], reason: "Decisão do teste." });
      assert.equal(res.statusCode, 200, res.body);
    }
    const restore = await decide(ctx.app, admin, hiddenCase!.id, {
      action: "archive",
      reason: "Denúncias falsas.",
      false_reports: true,
    });
    assert.equal(restore.statusCode, 200, restore.body);

    // She appeals the hiding of her profile (case 3); an admin reverses it. The suspension (case 6) is appealed
    // and upheld.
    const appellant = await registerModel(ctx.app);
    const appealed = await report(ctx.app, "203.0.113.90", { model_id: appellant.id, category: "scam" });
    assert.equal(appealed.statusCode, 200, appealed.body);
    const [appealCase] = await ctx.app.db
      .select()
      .from(moderationCases)
      .where(eq(moderationCases.modelId, appellant.id));
    assert.equal(
      (await decide(ctx.app, admin, appealCase!.id, { action: "hide_profile", reason: "Perfil falso." })).statusCode,
      200,
    );
    const appeal = await ctx.as(appellant.token).post(`/api/models/moderation/cases/${appealCase!.id}/appeal`, {
      text: "Sou eu nas fotos, posso enviar documento.",
    });
    assert.equal(appeal.statusCode, 200, appeal.body);
    const reversed = await ctx.as(admin).post(`/api/admin/moderation/cases/${appealCase!.id}/appeal-decision`, {
      outcome: "reversed",
      reason: "Documento conferido.",
    });
    assert.equal(reversed.statusCode, 200, reversed.body);

    // Verifications: two approved, one rejected, one still pending.
    const verdicts: ("approve" | "reject" | null)[] = ["approve", "approve", "reject", null];
    const verificationIds: number[] = [];
    for (const [i, verdict] of verdicts.entries()) {
      const model = await registerModel(ctx.app);
      assert.equal((await sendVerification(ctx.app, model.token)).statusCode, 201);
      const pending = await pendingOf(ctx.app, model.id);
      verificationIds.push(pending.id);
      if (!verdict) continue;
      const res = await ctx
        .as(admin)
        .post(
          `/api/admin/verifications/${pending.id}/${verdict}`,
          verdict === "approve"
            ? { birth_date: "1990-05-10", document_number: `12.345.678-${i}` }
            : { reason: "Documento ilegível." },
        );
      assert.equal(res.statusCode, 200, res.body);
    }

    // Everything happened now; the test moves it into the second quarter of 2025, case by case.
    const allCases = [...caseIds, hiddenCase!.id, appealCase!.id];
    const reports = await ctx.app.db.select().from(moderationReports);
    for (const [i, row] of reports.entries()) {
      await ctx.app.db
        .update(moderationReports)
        .set({ createdAt: inQuarter(1 + i / 100) })
        .where(eq(moderationReports.id, row.id));
    }
    for (const [i, id] of caseIds.entries()) {
      const opened = inQuarter(10 + i);
      await ctx.app.db
        .update(moderationCases)
        .set({ createdAt: opened, decidedAt: new Date(opened.getTime() + reviewHours[i]! * HOUR) })
        .where(eq(moderationCases.id, id));
    }
    // The restored case and the appealed one were decided within the quarter too, 5 and 2 hours after opening.
    await ctx.app.db
      .update(moderationCases)
      .set({ createdAt: inQuarter(30), decidedAt: new Date(inQuarter(30).getTime() + 5 * HOUR) })
      .where(eq(moderationCases.id, hiddenCase!.id));
    await ctx.app.db
      .update(moderationCases)
      .set({
        createdAt: inQuarter(40),
        decidedAt: new Date(inQuarter(40).getTime() + 2 * HOUR),
        appealedAt: inQuarter(41),
        appealDecidedAt: inQuarter(42),
      })
      .where(eq(moderationCases.id, appealCase!.id));
    await ctx.app.db
      .update(identityVerifications)
      .set({ decidedAt: inQuarter(50) })
      .where(inArray(identityVerifications.id, verificationIds.slice(0, 3)));

    // Boundaries: three more visitor reports, at the last second of 31 March (São Paulo), the last of 30 June and
    // the first of 1 July.
    const edges = [
      new Date("2025-04-01T02:59:59Z"),
      new Date("2025-07-01T02:59:59Z"),
      new Date("2025-07-01T03:00:00Z"),
    ];
    for (const [i, at] of edges.entries()) {
      const modelId = await buildModel(ctx.app);
      assert.equal(
        (await report(ctx.app, `192.0.2.${i + 10}`, { model_id: modelId, category: "spam_or_wrong_category" }))
          .statusCode,
        200,
      );
      await ctx.app.db.update(moderationReports).set({ createdAt: at }).where(eq(moderationReports.modelId, modelId));
      await ctx.app.db.update(moderationCases).set({ createdAt: at }).where(eq(moderationCases.modelId, modelId));
    }

    const { report: q2, cases } = await adminReport("2025-T2");
    const inside = reports.length + 1;
    assert.equal(
      reports.length,
      10 + 3 + 1 + 1 + 1,
      "ten visitors, three agreeing, one notice, one trusted, one appealed",
    );
    assert.equal(q2.reports.total, inside);
    assert.deepEqual(q2.reports.by_source, { visitor: inside - 2, notice: 1, trusted: 1 });
    assert.equal(countOf(q2.reports.by_category, "scam"), 5);
    assert.equal(countOf(q2.reports.by_category, "spam_or_wrong_category"), 2, "one of them at 30 June 23:59:59");
    assert.equal(countOf(q2.reports.by_category, "minor_or_exploitation"), 3);
    assert.equal(countOf(q2.reports.by_category, "trafficking_or_coercion"), 1);
    assert.equal(q2.reports.by_category.length, 7, "every category listed, zeros included");
    assert.equal(q2.trusted_notices.total, 1);
    assert.equal(countOf(q2.trusted_notices.by_kind, "safernet"), 1);

    assert.equal(q2.decisions.total, 12);
    assert.equal(q2.decisions.no_violation, 5);
    assert.equal(q2.decisions.removed, 7);
    assert.equal(countOf(q2.decisions.by_action, "hide_profile"), 5);
    assert.equal(countOf(q2.decisions.by_action, "suspend"), 1);
    assert.equal(countOf(q2.decisions.by_action, "ban"), 1);
    assert.equal(q2.decisions.restored, 2, "the archive of what was hidden before review and the reversed appeal");
    assert.deepEqual(q2.decisions.appeals, { received: 1, upheld: 0, reversed: 1 });

    // Review times (hours): 0.5 1 2 2 3 4 5 6 8 12 24 48 — nearest rank: median the 6th, p90 the 11th.
    assert.deepEqual(q2.review_time, { decided: 12, median_hours: 4, p90_hours: 24 });
    assert.deepEqual(q2.verifications, { decided: 3, approved: 2, rejected: 1 });
    assert.deepEqual(q2.boosts, { sold: 0, reviewed: 0, rejected: 0 });
    assert.deepEqual([q2.period.from, q2.period.to, q2.period.complete], ["2025-04-01", "2025-06-30", true]);

    // The admin's cases: every report, decision, appeal and verification behind the figures.
    assert.equal(cases.reports.length, inside);
    assert.deepEqual(cases.decisions.map((d) => d.case_id).sort(), [...allCases].sort());
    assert.equal(cases.decisions.find((d) => d.case_id === caseIds[8])?.review_hours, 24);
    assert.deepEqual(
      cases.appeals.map((a) => [a.case_id, a.outcome]),
      [[appealCase!.id, "reversed"]],
    );
    assert.deepEqual(cases.verifications.map((v) => v.id).sort(), verificationIds.slice(0, 3).sort());
    assert.equal(cases.truncated, false);

    // The neighbouring periods get the reports across the boundaries; the year gets all of them.
    assert.equal((await adminReport("2025-T1")).report.reports.total, 1);
    assert.equal((await adminReport("2025-T3")).report.reports.total, 1);
    const year = (await adminReport("2025")).report;
    assert.equal(year.reports.total, inside + 2);
    assert.equal(year.decisions.total, 12);

    // The public answer: the same figures, and nothing that names a case, a person or a text.
    const { body, raw } = await publicReport("2025-T2");
    assert.deepEqual({ ...body.report, generated_at: "" }, { ...q2, generated_at: "" });
    const keys = new Set<string>();
    const walk = (value: unknown) => {
      if (Array.isArray(value)) value.forEach(walk);
      else if (value && typeof value === "object") {
        for (const [key, inner] of Object.entries(value)) {
          keys.add(key);
          walk(inner);
        }
      }
    };
    walk(body);
    for (const key of ["id", "case_id", "model_id", "photo_id", "text", "name", "email", "reason", "url"]) {
      assert.ok(!keys.has(key), `the public report has no "${key}"`);
    }
    assert.doesNotMatch(raw, /Texto secreto|Denunciada|Maria da Silva|SaferNet Brasil|Decisão do teste/);
  });

  /** A trusted notifier registered by the admin, its password set through the e-mailed link: its session token. */
  async function activeNotifier(): Promise<string> {
    const email = `notificador-${Date.now()}@org.example`;
    const created = await ctx
      .as(admin)
      .post("/api/admin/trusted-notifiers", { name: "SaferNet Brasil", kind: "safernet", email });
    assert.equal(created.statusCode, 201, created.body);
    const [mail] = await ctx.app.db
      .select()
      .from(mailOutbox)
      .where(and(eq(mailOutbox.toAddress, email), like(mailOutbox.subject, "Acesso de notificador confiável%")))
      .orderBy(desc(mailOutbox.id))
      .limit(1);
    const token = /\/notificador\/definir-senha\?token=([A-Za-z0-9_-]+)/.exec(mail?.textBody ?? "")?.[1];
    assert.ok(token, "the invitation's link");
    const password = "senha-da-organizacao-1";
    assert.equal((await ctx.as(null).post("/api/notifier/password", { token, password })).statusCode, 200);
    const login = await ctx.as(null).post("/api/notifier/login", { email, password });
    assert.equal(login.statusCode, 200, login.body);
    return login.json().token as string;
  }
});

/** Paid boosts in the report: sold by their payment, reviewed and rejected by the admin's review. */
describe("transparency report: boosts", () => {
  let p: PaymentsContext;
  let admin: string;
  before(async () => {
    p = await startPaymentsContext();
    admin = await loginAdmin(p.ctx.app);
  });
  after(() => p.close());

  it("counts boosts sold, reviewed and rejected in the period, and lists them for the admin", async () => {
    const app = p.ctx.app;
    // Three boosts paid by Pix (settled as a webhook would); one approved, one rejected and refunded, one waiting.
    const bought: { boostId: number }[] = [];
    for (let i = 0; i < 3; i++) bought.push(await boostAwaitingReview(app, p.fake, { days: 7 }));
    const queue = (await p.ctx.as(admin).get("/api/admin/boosts?view=all")).json() as {
      boosts: { id: number; snapshot_hash: string }[];
    };
    const hash = queue.boosts.find((b) => b.id === bought[0]!.boostId)!.snapshot_hash;
    const approved = await p.ctx.as(admin).post(`/api/admin/boosts/${bought[0]!.boostId}/approve`, {
      snapshot_hash: hash,
    });
    assert.equal(approved.statusCode, 200, approved.body);
    const rejected = await p.ctx.as(admin).post(`/api/admin/boosts/${bought[1]!.boostId}/reject`, {
      reason: "Fotos sem relação com o anúncio.",
    });
    assert.equal(rejected.statusCode, 200, rejected.body);

    // Moved into the third quarter of 2025: paid on 1 July (São Paulo), reviewed on 30 September at 23:59.
    const ids = bought.map((b) => b.boostId);
    await app.db
      .update(boosts)
      .set({ paidAt: new Date("2025-07-01T03:00:00Z") })
      .where(inArray(boosts.id, ids));
    await app.db
      .update(boosts)
      .set({ reviewedAt: new Date("2025-10-01T02:59:00Z") })
      .where(inArray(boosts.id, ids.slice(0, 2)));

    const res = await p.ctx.as(admin).get("/api/admin/transparency?periodo=2025-T3");
    assert.equal(res.statusCode, 200, res.body);
    const { report: q3, cases } = res.json() as AdminTransparencyResponse;
    assert.deepEqual(q3.boosts, { sold: 3, reviewed: 2, rejected: 1 });
    assert.deepEqual(cases.boosts.map((b) => b.id).sort(), [...ids].sort());
    assert.equal(cases.boosts.find((b) => b.id === ids[1])?.status, "rejected");
    const q2 = (await p.ctx.as(null).get("/api/transparency?periodo=2025-T2")).json() as { report: TransparencyReport };
    assert.deepEqual(q2.report.boosts, { sold: 0, reviewed: 0, rejected: 0 });
    const year = (await p.ctx.as(null).get("/api/transparency?periodo=2025")).json() as { report: TransparencyReport };
    assert.deepEqual(year.report.boosts, { sold: 3, reviewed: 2, rejected: 1 });
  });
});
