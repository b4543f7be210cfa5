import { createHash, randomBytes } from "node:crypto";
import {
  MODERATION_DECISION_LABELS,
  type ModerationAction,
  NOTICE_ALREADY_CONFIRMED,
  NOTICE_LINK_EXPIRED,
  NOTICE_LINK_INVALID,
  type NoticeBodySchema,
  type NoticeStatusResponse,
  parseModelIdParam,
  type ReportBodySchema,
  type ReportCategory,
  reportCategoryLabel,
  URGENT_REPORT_CATEGORIES,
} from "@vitrine/contracts";
import { and, count, eq, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { moderationCases, moderationReports, models, photos } from "../../db/schema";
import { clientAddressKey, reporterNetworkKey } from "../../lib/client-address";
import { todayInSaoPaulo } from "../../lib/dates";
import { badRequest, conflict, notFound, rateLimited } from "../../lib/app-error";
import { recordSystemAction } from "../audit/service";
import { kickMail, notifyAutoHold, notifyNoticeConfirm, notifyTrustedHold, notifyUrgentCase } from "../mail/service";
import type { Tx } from "../models/lock-model";
import { isModelVisible, recordModelChange } from "../models/publish";
import { createVisitorHasher } from "../public-models/service";
import { openModerationCase, PRIORITY } from "./cases";
import { holdProfile } from "./holds";
import { readAutoHideReporters } from "./settings";
import { agreeingNetworks, isAbusiveReporter, reportWeighs } from "./weight";

export { ABUSE_DISMISSED_REPORTS, ABUSE_WINDOW_DAYS } from "./weight";
/** Reports one visitor may send a day. */
export const REPORTS_PER_DAY = 20;
/** Reports a day for a reporter whose reports were repeatedly dismissed. */
export const ABUSIVE_REPORTS_PER_DAY = 1;
/** How long a notice's e-mail link may confirm it. */
export const NOTICE_CONFIRM_DAYS = 7;

export const ALREADY_REPORTED = "Você já enviou uma denúncia deste conteúdo hoje.";
export const TOO_MANY_REPORTS = "Você enviou muitas denúncias hoje. Tente novamente amanhã.";
const PROFILE_NOT_FOUND = "Perfil não encontrado";
const PHOTO_NOT_FOUND = "Foto não encontrada";

type ReportInput = z.output<typeof ReportBodySchema>;
type NoticeInput = z.output<typeof NoticeBodySchema>;

/** Who sent a report, as the server keeps it: hashes only. */
export type Reporter = {
  /** HMAC of the client's address key (the per-day limits and the abuse standing). */
  reporterHash: string;
  /**
   * HMAC of the client's network (IPv4 /24, IPv6 /48): independent reports come from different networks. Null for a
   * trusted notifier, whose report weighs by who sent it.
   */
  networkHash: string | null;
  /** SHA-256 of the browser's age session when it holds a valid age pass; null without one. */
  ageSessionHash: string | null;
};

/**
 * Where a report comes from: a visitor (the report dialog), an identified notice (the /denuncias form, weighing
 * only once its e-mail link is confirmed), or a trusted notifier (an organisation the admin registered, signed in
 * with its own account, decision 061) whose urgent report holds the profile at once (holdOnTrustedNotice).
 */
type ReportSource = "visitor" | "notice" | "trusted";

/** What one report says and who sent it. */
type Intake = {
  modelId: number | null;
  photoId: number | null;
  category: ReportCategory;
  text: string;
  contact: string;
  source: ReportSource;
  reporter: Reporter;
  notifier?: { name: string; email: string; role: string; url: string };
  /** The trusted notifier's row (source "trusted"). */
  trustedNotifierId?: number;
};

/** Hashers of a reporter's address and network: the visitor hash of the view counts, under fixed periods. */
export function createReporterHasher(secret: string) {
  const hashVisitor = createVisitorHasher(secret);
  return {
    address: (ip: string) => hashVisitor(clientAddressKey(ip), "reporter"),
    network: (ip: string) => hashVisitor(reporterNetworkKey(ip), "reporter-network"),
  };
}

/** Whether the reporter may report again today (fewer reports a day for one whose reports were dismissed). */
async function canReportToday(db: Db, reporterHash: string, today: string) {
  const [[sentToday], isAbusive] = await Promise.all([
    db
      .select({ n: count() })
      .from(moderationReports)
      .where(and(eq(moderationReports.reporterHash, reporterHash), eq(moderationReports.day, today))),
    isAbusiveReporter(db, reporterHash),
  ]);
  const limit = isAbusive ? ABUSIVE_REPORTS_PER_DAY : REPORTS_PER_DAY;
  return Number(sentToday?.n ?? 0) < limit;
}

const isUrgentCategory = (category: string) => URGENT_REPORT_CATEGORIES.some((c) => c === category);

/** How the admins' messages name a reported item (never the reporter). */
function itemLabel(model: { id: number; username: string } | null, photoId: number | null) {
  if (!model) return "conteúdo fora do site";
  return photoId === null ? `perfil @${model.username} (nº ${model.id})` : `foto nº ${photoId} de @${model.username}`;
}

/** Her live row, locked for the transaction (the per-profile rules run one at a time), or 404. */
async function lockReportedModel(tx: Tx, modelId: number) {
  const [model] = await tx
    .select({ id: models.id, username: models.username })
    .from(models)
    .where(and(eq(models.id, modelId), isNull(models.deletedAt)))
    .for("update");
  if (!model) throw notFound(PROFILE_NOT_FOUND);
  return model;
}

/**
 * Raises a case to urgent; when it was not urgent before (its first urgent report), every admin is e-mailed.
 * Call it under the model's lock, in the transaction that records or confirms the urgent report.
 */
async function raiseToUrgent(
  tx: Tx,
  input: { caseId: number; category: string; model: { id: number; username: string } | null; photoId: number | null },
) {
  const [before] = await tx
    .select({ priority: moderationCases.priority })
    .from(moderationCases)
    .where(eq(moderationCases.id, input.caseId))
    .for("update");
  if (!before || before.priority >= PRIORITY.urgent) return;
  await tx.update(moderationCases).set({ priority: PRIORITY.urgent }).where(eq(moderationCases.id, input.caseId));
  await notifyUrgentCase(tx, {
    caseId: input.caseId,
    category: reportCategoryLabel(input.category),
    item: itemLabel(input.model, input.photoId),
  });
}

/**
 * The hold before review, one rule for both ways a profile gets it: hidden (not erased), her photos frozen as
 * evidence, the case marked, a system audit row (`audit`) and the e-mails to her and every admin (`notify`). A
 * profile already held by an open urgent case is left as it is (false). Call it under the model's lock, after the
 * case was raised to urgent. "Restaurar (denúncias falsas)" ends it.
 */
async function holdBeforeReview(
  tx: Tx,
  input: { modelId: number; caseId: number },
  audit: { action: "moderation.auto_hold" | "moderation.trusted_hold"; changes: Record<string, unknown> },
  notify: () => Promise<void>,
): Promise<boolean> {
  if (await isHeldBeforeReview(tx, input.modelId)) return false;
  await holdProfile(tx, input.modelId, { freezePhotos: true });
  await tx.update(moderationCases).set({ autoHidden: true }).where(eq(moderationCases.id, input.caseId));
  await recordSystemAction({
    db: tx,
    entry: {
      action: audit.action,
      target: { type: "moderation_case", id: input.caseId },
      changes: { model_id: input.modelId, ...audit.changes },
    },
  });
  await notify();
  return true;
}

/** Whether an open urgent case of hers already holds her before review (a second hold would change nothing). */
async function isHeldBeforeReview(tx: Tx, modelId: number): Promise<boolean> {
  const [held] = await tx
    .select({ id: moderationCases.id })
    .from(moderationCases)
    .where(
      and(
        eq(moderationCases.modelId, modelId),
        eq(moderationCases.status, "open"),
        eq(moderationCases.autoHidden, true),
        eq(moderationCases.priority, PRIORITY.urgent),
      ),
    )
    .limit(1);
  return held !== undefined;
}

/**
 * When urgent reports from AUTO_HIDE_SETTING distinct networks agree within the window (modules/moderation/
 * weight.ts), the profile is held before review (holdBeforeReview; audit `moderation.auto_hold`).
 */
async function holdAfterAgreement(
  tx: Tx,
  input: { model: { id: number; username: string }; caseId: number; category: string; photoId: number | null },
  threshold: number,
): Promise<boolean> {
  const networks = await agreeingNetworks(tx, input.model.id);
  if (networks < threshold) return false;
  return holdBeforeReview(
    tx,
    { modelId: input.model.id, caseId: input.caseId },
    { action: "moderation.auto_hold", changes: { category: input.category, networks, threshold } },
    () =>
      notifyAutoHold(tx, input.model.id, {
        caseId: input.caseId,
        category: reportCategoryLabel(input.category),
        item: itemLabel(input.model, input.photoId),
      }),
  );
}

/**
 * A trusted notifier's urgent report (decision 061) holds the profile at once, without waiting for agreement
 * (holdBeforeReview; audit `moderation.trusted_hold`, naming the notifier, and its own e-mails).
 */
async function holdOnTrustedNotice(
  tx: Tx,
  input: {
    model: { id: number; username: string };
    caseId: number;
    category: string;
    notifier: { id: number; name: string };
  },
): Promise<boolean> {
  return holdBeforeReview(
    tx,
    { modelId: input.model.id, caseId: input.caseId },
    {
      action: "moderation.trusted_hold",
      changes: { category: input.category, notifier_id: input.notifier.id, notifier: input.notifier.name },
    },
    () =>
      notifyTrustedHold(tx, input.model.id, {
        caseId: input.caseId,
        category: reportCategoryLabel(input.category),
        item: itemLabel(input.model, null),
        notifier: input.notifier.name,
      }),
  );
}

/**
 * Records a report in its item's case and triages it, in one transaction under the model's row lock. A report
 * never hides anything by itself:
 * - an urgent one ("Menor de idade ou exploração", "Tráfico ou coação") puts the case at the top of the queue and
 *   e-mails every admin when the case becomes urgent; it weighs when reportWeighs says so, and the profile is held
 *   once enough weighing reports agree (holdAfterAgreement);
 * - an identified notice waits for its e-mail link (confirmNotice): until then it weighs nothing and its case is
 *   of high priority;
 * - a trusted notifier's report raises its case to high priority, and to urgent with the profile held at once
 *   when its category is urgent (holdOnTrustedNotice);
 * - any other report joins the queue for a person to decide.
 * The live stream and caches follow: the change is recorded for them in the same transaction (recordModelChange).
 */
async function recordReport(app: FastifyInstance, intake: Intake, confirmToken?: string): Promise<number> {
  const threshold = await readAutoHideReporters(app.db);
  const today = todayInSaoPaulo();
  const modelId = intake.modelId;
  const reportId = await app.db.transaction(async (tx) => {
    const model = modelId === null ? null : await lockReportedModel(tx, modelId);
    const before = model ? await isModelVisible({ db: tx, modelId: model.id }) : false;
    if (intake.photoId !== null) {
      const [photo] = await tx
        .select({ id: photos.id })
        .from(photos)
        .where(and(eq(photos.id, intake.photoId), eq(photos.modelId, modelId ?? -1)));
      if (!photo) throw notFound(PHOTO_NOT_FOUND);
    }
    const isNotice = intake.source === "notice";
    const trusted = intake.source === "trusted" ? intake.trustedNotifierId : undefined;
    const isUrgent = isUrgentCategory(intake.category) && !isNotice;
    const opened = await openModerationCase(tx, {
      modelId,
      photoId: intake.photoId,
      kind: "report",
      priority: isNotice || trusted !== undefined ? PRIORITY.high : PRIORITY.normal,
    });
    // A trusted notifier's urgent report weighs by who sent it, not by the network it came from.
    const weighs =
      model !== null && isUrgent && trusted !== undefined
        ? true
        : model !== null && isUrgent
          ? await reportWeighs(tx, {
              modelId: model.id,
              category: intake.category,
              ...intake.reporter,
              requireAgePass: true,
            })
          : false;
    const inserted = await tx
      .insert(moderationReports)
      .values({
        caseId: opened.id,
        modelId,
        photoId: intake.photoId,
        category: intake.category,
        text: intake.text,
        contact: intake.contact,
        source: intake.source,
        reporterHash: intake.reporter.reporterHash,
        networkHash: intake.reporter.networkHash,
        ageSessionHash: intake.reporter.ageSessionHash,
        day: today,
        weighs,
        notifierName: intake.notifier?.name ?? null,
        notifierEmail: intake.notifier?.email ?? null,
        notifierRole: intake.notifier?.role ?? null,
        url: intake.notifier?.url ?? null,
        trustedNotifierId: trusted ?? null,
        ...(confirmToken
          ? {
              confirmTokenHash: hashNoticeToken(confirmToken),
              confirmExpiresAt: new Date(Date.now() + NOTICE_CONFIRM_DAYS * 86_400_000),
            }
          : {}),
      })
      .onConflictDoNothing()
      .returning({ id: moderationReports.id });
    if (inserted.length === 0) throw conflict(ALREADY_REPORTED);
    if (confirmToken && intake.notifier) {
      await notifyNoticeConfirm(tx, { to: intake.notifier.email, name: intake.notifier.name, token: confirmToken });
    }
    if (isUrgent) {
      await raiseToUrgent(tx, { caseId: opened.id, category: intake.category, model, photoId: intake.photoId });
    }
    const reportId = inserted[0]!.id;
    if (!model || !weighs) return reportId;
    const held =
      trusted !== undefined
        ? await holdOnTrustedNotice(tx, {
            model,
            caseId: opened.id,
            category: intake.category,
            notifier: { id: trusted, name: intake.notifier?.name ?? "" },
          })
        : await holdAfterAgreement(
            tx,
            { model, caseId: opened.id, category: intake.category, photoId: intake.photoId },
            threshold,
          );
    if (held)
      await recordModelChange(tx, model.id, { before, after: await isModelVisible({ db: tx, modelId: model.id }) });
    return reportId;
  });
  await app.events.deliver();
  kickMail(app);
  return reportId;
}

/** A visitor's report of a profile or one of its photos (anonymous: known only by the reporter's hashes). */
export async function submitReport(
  app: FastifyInstance,
  { body, reporter }: { body: ReportInput; reporter: Reporter },
): Promise<void> {
  if (!(await canReportToday(app.db, reporter.reporterHash, todayInSaoPaulo()))) throw rateLimited(TOO_MANY_REPORTS);
  await recordReport(app, {
    modelId: body.model_id,
    photoId: body.photo_id ?? null,
    category: body.category,
    text: body.text,
    contact: body.contact,
    source: "visitor",
    reporter,
  });
}

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

/** What is stored of a notice's link token: its SHA-256 (the token has 256 random bits, so no salt is needed). */
const hashNoticeToken = (token: string) => createHash("sha256").update(`vitrine:notice-link:${token}`).digest("hex");

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

/** A trusted notifier as its report names it (modules/trusted-notifiers keeps the accounts). */
export type TrustedReporter = { id: number; name: string; email: string; kindLabel: string };

/**
 * A trusted notifier's report of a profile (decision 061): recorded as source "trusted" with the organisation
 * named (the admin sees who sent it), once per notifier per profile per day. An urgent category holds the profile
 * at once; any other raises its case to high priority for a person. Answers the report's id.
 */
export async function submitTrustedReport(
  app: FastifyInstance,
  input: { notifier: TrustedReporter; modelId: number; category: ReportCategory; text: string; url: string },
): Promise<number> {
  return recordReport(app, {
    modelId: input.modelId,
    photoId: null,
    category: input.category,
    text: input.text,
    contact: input.notifier.email,
    source: "trusted",
    trustedNotifierId: input.notifier.id,
    reporter: { reporterHash: `trusted-notifier:${input.notifier.id}`, networkHash: null, ageSessionHash: null },
    notifier: {
      name: input.notifier.name,
      email: input.notifier.email,
      role: input.notifier.kindLabel,
      url: input.url,
    },
  });
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
