import { randomBytes } from "node:crypto";
import {
  MODERATION_DECISION_LABELS,
  type ModerationAction,
  NOTICE_ALREADY_CONFIRMED,
  NOTICE_LINK_EXPIRED,
  NOTICE_LINK_INVALID,
  type NoticeBodySchema,
  type NoticeStatusResponse,
  parseModelIdParam,
} from "@vitrine/contracts";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { moderationCases, moderationReports, models, photos } from "../../db/schema";
import { todayInSaoPaulo } from "../../lib/dates";
import { badRequest, conflict, notFound, rateLimited } from "../../lib/app-error";
import { recordSystemAction } from "../audit/service";
import { kickMail } from "../mail/service";
import { isModelVisible, recordModelChange } from "../models/publish";
import { holdAfterAgreement, isUrgentCategory, lockReportedModel, raiseToUrgent } from "./report-holds";
import { hashNoticeToken, recordReport, type Reporter, TOO_MANY_REPORTS } from "./reports";
import { readAutoHideReporters } from "./settings";
import { reportWeighs } from "./weight";

/**
 * Identified notices (art. 29 of ECA Digital, the /denuncias form): what their URL names on this site, the notice
 * itself (stored unconfirmed, a one-time link e-mailed to the notifier), its confirmation through that link, and
 * the state the same link shows.
 */

type NoticeInput = z.output<typeof NoticeBodySchema>;

/**
 * The profile (and photo) a notice's URL names on this site: a profile address (/modelo/12, /cidade/sao-paulo-sp/aurora/12)
 * or a photo address (/uploads/photos/{name}-{width}.webp). Null for anything else: the notice still opens a case,
 * with the URL for the admin to follow.
 */
export async function resolveNoticeUrl(
  db: Db,
  url: string,
): Promise<{ modelId: number; photoId: number | null } | null> {
  let path: string;
  try {
    path = new URL(url).pathname;
  } catch {
    return null;
  }
  const photo = /^\/uploads\/photos\/([a-f0-9]{32})-\d+\.webp$/.exec(path);
  if (photo) {
    const [row] = await db
      .select({ id: photos.id, modelId: photos.modelId })
      .from(photos)
      .where(eq(photos.filename, photo[1]!));
    return row ? { modelId: row.modelId, photoId: row.id } : null;
  }
  const profile = /^\/(?:modelo|model)\/([^/]+)\/?$/.exec(path) ?? /^\/cidade\/[^/]+\/[^/]+\/([^/]+)\/?$/.exec(path);
  const id = profile ? parseModelIdParam(profile[1]!) : null;
  if (id === null) return null;
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, id), isNull(models.deletedAt)));
  return row ? { modelId: row.id, photoId: null } : null;
}

/** Notices one address may send a day (they are identified, and each reaches a person). */
export const NOTICES_PER_DAY = 10;

/**
 * An identified notice (art. 29 of ECA Digital): a report with the notifier's name, e-mail, role and the URL. It
 * is stored unconfirmed (weighing nothing, its case of high priority) and a one-time link goes to the given
 * address (confirmNotice); the same link later shows the notice's state (noticeStatus).
 */
export async function submitNotice(
  app: FastifyInstance,
  { body, reporter }: { body: NoticeInput; reporter: Reporter },
): Promise<void> {
  const today = todayInSaoPaulo();
  const [sent] = await app.db
    .select({ n: count() })
    .from(moderationReports)
    .where(
      and(
        eq(moderationReports.source, "notice"),
        eq(moderationReports.reporterHash, reporter.reporterHash),
        eq(moderationReports.day, today),
      ),
    );
  if (Number(sent?.n ?? 0) >= NOTICES_PER_DAY) throw rateLimited(TOO_MANY_REPORTS);
  const target = await resolveNoticeUrl(app.db, body.url);
  await recordReport(
    app,
    {
      modelId: target?.modelId ?? null,
      photoId: target?.photoId ?? null,
      category: body.category,
      text: body.reason,
      contact: body.email,
      source: "notice",
      reporter,
      notifier: { name: body.name, email: body.email, role: body.role, url: body.url },
    },
    randomBytes(32).toString("base64url"),
  );
}

/** The notice a link token names, or 404. */
async function findNotice(db: Db, token: string) {
  const [row] = await db
    .select({ report: moderationReports, kase: moderationCases })
    .from(moderationReports)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
    .where(and(eq(moderationReports.confirmTokenHash, hashNoticeToken(token)), eq(moderationReports.source, "notice")));
  if (!row) throw notFound(NOTICE_LINK_INVALID);
  return row;
}

/**
 * The notifier confirms her notice through its e-mail link (once; within NOTICE_CONFIRM_DAYS). From then on it
 * weighs, while its case is open:
 * - an urgent category as one independent urgent report (reportWeighs, without the age pass a victim may not be
 *   able to get), the case raised to urgent;
 * - an intimate image without consent (Marco Civil art. 21) hides the photo its URL names, not the profile.
 */
export async function confirmNotice(app: FastifyInstance, token: string): Promise<void> {
  const found = await findNotice(app.db, token);
  if (found.report.confirmedAt) throw conflict(NOTICE_ALREADY_CONFIRMED);
  if (!found.report.confirmExpiresAt || found.report.confirmExpiresAt.getTime() <= Date.now()) {
    throw badRequest(NOTICE_LINK_EXPIRED);
  }
  const threshold = await readAutoHideReporters(app.db);
  await app.db.transaction(async (tx) => {
    const { modelId, photoId, category, caseId } = found.report;
    const model = modelId === null ? null : await lockReportedModel(tx, modelId).catch(() => null);
    const before = model ? await isModelVisible({ db: tx, modelId: model.id }) : false;
    const [confirmed] = await tx
      .update(moderationReports)
      .set({ confirmedAt: new Date(), weighs: false })
      .where(and(eq(moderationReports.id, found.report.id), isNull(moderationReports.confirmedAt)))
      .returning({ id: moderationReports.id });
    if (!confirmed) throw conflict(NOTICE_ALREADY_CONFIRMED);
    const [kase] = await tx.select().from(moderationCases).where(eq(moderationCases.id, caseId));
    if (!kase || kase.status !== "open") return;
    let changed = false;
    if (isUrgentCategory(category)) {
      await raiseToUrgent(tx, { caseId, category, model, photoId });
      const weighs = model
        ? await reportWeighs(tx, {
            modelId: model.id,
            category,
            reporterHash: found.report.reporterHash,
            networkHash: found.report.networkHash,
            ageSessionHash: found.report.ageSessionHash,
            requireAgePass: false,
          })
        : false;
      if (model && weighs) {
        await tx.update(moderationReports).set({ weighs: true }).where(eq(moderationReports.id, found.report.id));
        changed = await holdAfterAgreement(tx, { model, caseId, category, photoId }, threshold);
      }
    } else if (category === "intimate_image_without_consent" && model && photoId !== null) {
      await tx.update(moderationReports).set({ weighs: true }).where(eq(moderationReports.id, found.report.id));
      const [hidden] = await tx
        .update(photos)
        .set({ isPublic: false, moderationHiddenAt: sql`coalesce(${photos.moderationHiddenAt}, now())` })
        .where(and(eq(photos.id, photoId), eq(photos.modelId, model.id), eq(photos.isPublic, true)))
        .returning({ id: photos.id });
      if (hidden) {
        changed = true;
        await tx.update(moderationCases).set({ autoHidden: true }).where(eq(moderationCases.id, caseId));
        await recordSystemAction({
          db: tx,
          entry: {
            action: "moderation.auto_hide_photo",
            target: { type: "moderation_case", id: caseId },
            changes: { model_id: model.id, photo_id: photoId, category },
          },
        });
      }
    }
    if (model && changed) {
      await recordModelChange(tx, model.id, { before, after: await isModelVisible({ db: tx, modelId: model.id }) });
    }
  });
  await app.events.deliver();
  kickMail(app);
}

/** What the notice's sender reads through her link: its state and, once decided, the decision and its reason. */
export async function noticeStatus(db: Db, token: string): Promise<NoticeStatusResponse> {
  const { report, kase } = await findNotice(db, token);
  const decided = kase.status === "closed" && kase.decision !== null;
  return {
    state: decided ? "decided" : report.confirmedAt === null ? "received" : "in_review",
    category: report.category,
    created_at: report.createdAt.toISOString(),
    can_confirm:
      report.confirmedAt === null && report.confirmExpiresAt !== null && report.confirmExpiresAt.getTime() > Date.now(),
    decision: decided ? (MODERATION_DECISION_LABELS[kase.decision as ModerationAction] ?? kase.decision) : null,
    answer: decided ? kase.decisionReason : null,
    decided_at: decided && kase.decidedAt ? kase.decidedAt.toISOString() : null,
  };
}
