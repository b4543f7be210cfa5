import { createHash } from "node:crypto";
import { type ReportBodySchema, type ReportCategory } from "@vitrine/contracts";
import { and, count, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { moderationReports, photos } from "../../db/schema";
import { clientAddressKey, reporterNetworkKey } from "../../lib/client-address";
import { todayInSaoPaulo } from "../../lib/dates";
import { conflict, notFound, rateLimited } from "../../lib/app-error";
import { kickMail, notifyNoticeConfirm } from "../mail/service";
import { isModelVisible, recordModelChange } from "../models/publish";
import { createVisitorHasher } from "../public-models/service";
import { openModerationCase, PRIORITY } from "./case-store";
import {
  holdAfterAgreement,
  holdOnTrustedNotice,
  isUrgentCategory,
  lockReportedModel,
  raiseToUrgent,
} from "./report-holds";
import { readAutoHideReporters } from "./settings";
import { isAbusiveReporter, reportWeighs } from "./weight";

export { ABUSE_DISMISSED_REPORTS, ABUSE_WINDOW_DAYS } from "./weight";
/** Reports one visitor may send a day. */
export const REPORTS_PER_DAY = 20;
/** Reports a day for a reporter whose reports were repeatedly dismissed. */
export const ABUSIVE_REPORTS_PER_DAY = 1;
/** How long a notice's e-mail link may confirm it. */
export const NOTICE_CONFIRM_DAYS = 7;

export const ALREADY_REPORTED = "Você já enviou uma denúncia deste conteúdo hoje.";
export const TOO_MANY_REPORTS = "Você enviou muitas denúncias hoje. Tente novamente amanhã.";
const PHOTO_NOT_FOUND = "Foto não encontrada";

type ReportInput = z.output<typeof ReportBodySchema>;

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
export type Intake = {
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

/** What is stored of a notice's link token: its SHA-256 (the token has 256 random bits, so no salt is needed). */
export const hashNoticeToken = (token: string) =>
  createHash("sha256").update(`vitrine:notice-link:${token}`).digest("hex");

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
export async function recordReport(app: FastifyInstance, intake: Intake, confirmToken?: string): Promise<number> {
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
