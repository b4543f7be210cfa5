import {
  type NoticeBodySchema,
  parseModelIdParam,
  type ReportBodySchema,
  type ReportCategory,
  URGENT_REPORT_CATEGORIES,
} from "@vitrine/contracts";
import { and, count, eq, gte, isNull, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { z } from "zod";
import type { Db } from "../../db/client";
import { moderationCases, moderationReports, models, photos } from "../../db/schema";
import { clientAddressKey } from "../../lib/client-address";
import { todayInSaoPaulo } from "../../lib/dates";
import { conflict, notFound, rateLimited } from "../../lib/app-error";
import type { Tx } from "../models/lock-model";
import { isModelVisible, recordModelChange } from "../models/publish";
import { createVisitorHasher } from "../public-models/service";
import { openModerationCase, PRIORITY } from "./cases";
import { readAutoHideReporters } from "./settings";
import { holdProfile } from "./holds";

/** Reports one visitor may send a day. */
export const REPORTS_PER_DAY = 20;
/** A reporter with this many reports dismissed (archived) within ABUSE_WINDOW_DAYS reports less, and never hides. */
export const ABUSE_DISMISSED_REPORTS = 3;
export const ABUSE_WINDOW_DAYS = 90;
/** Reports a day for a reporter whose reports were repeatedly dismissed. */
export const ABUSIVE_REPORTS_PER_DAY = 1;

export const ALREADY_REPORTED = "Você já enviou uma denúncia deste conteúdo hoje.";
export const TOO_MANY_REPORTS = "Você enviou muitas denúncias hoje. Tente novamente amanhã.";
const PROFILE_NOT_FOUND = "Perfil não encontrado";
const PHOTO_NOT_FOUND = "Foto não encontrada";

type ReportInput = z.output<typeof ReportBodySchema>;
type NoticeInput = z.output<typeof NoticeBodySchema>;

/** What one report says and who sent it. */
type Intake = {
  modelId: number | null;
  photoId: number | null;
  category: ReportCategory;
  text: string;
  contact: string;
  source: "visitor" | "notice";
  reporterHash: string | null;
  countsForAutoHide: boolean;
  notifier?: { name: string; email: string; role: string; url: string };
};

/** A reporter's key: the visitor hash of the view counts under a fixed period, so it outlasts the day. */
export function createReporterHasher(secret: string) {
  const hashVisitor = createVisitorHasher(secret);
  return (ip: string) => hashVisitor(clientAddressKey(ip), "reporter");
}

/**
 * Whether the reporter may report again today, and whether her reports may still hide automatically: one whose
 * reports were dismissed ABUSE_DISMISSED_REPORTS times in ABUSE_WINDOW_DAYS sends one a day, which waits for a human.
 */
async function reporterStanding(db: Db, reporterHash: string, today: string) {
  const since = new Date(Date.now() - ABUSE_WINDOW_DAYS * 86_400_000);
  const [[sentToday], [dismissed]] = await Promise.all([
    db
      .select({ n: count() })
      .from(moderationReports)
      .where(and(eq(moderationReports.reporterHash, reporterHash), eq(moderationReports.day, today))),
    db
      .select({ n: count() })
      .from(moderationReports)
      .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
      .where(
        and(
          eq(moderationReports.reporterHash, reporterHash),
          eq(moderationCases.decision, "archive"),
          gte(moderationReports.createdAt, since),
        ),
      ),
  ]);
  const isAbusive = Number(dismissed?.n ?? 0) >= ABUSE_DISMISSED_REPORTS;
  const limit = isAbusive ? ABUSIVE_REPORTS_PER_DAY : REPORTS_PER_DAY;
  return { canReport: Number(sentToday?.n ?? 0) < limit, countsForAutoHide: !isAbusive };
}

/** Distinct reporters (addresses) of a case whose reports may hide automatically. */
async function countDistinctReporters(tx: Tx, caseId: number): Promise<number> {
  const [row] = await tx
    .select({
      n: sql<number>`count(distinct ${moderationReports.reporterHash})::int`,
    })
    .from(moderationReports)
    .where(and(eq(moderationReports.caseId, caseId), eq(moderationReports.countsForAutoHide, true)));
  return Number(row?.n ?? 0);
}

/**
 * Records a report in its item's case and triages it, in one transaction under the model's row lock:
 * - "Menor de idade ou exploração" and "Tráfico ou coação" hold the profile at once (hidden until an admin
 *   decides), freeze her photos as evidence and put the case at the top of the queue;
 * - an identified notice of an intimate image without consent hides the item at once (Marco Civil art. 21:
 *   removal on the notice of the person shown);
 * - any other report hides the item (the photo, or the profile) once the case has reports from N distinct
 *   reporters (the moderation_auto_hide_reports setting, 3 by default).
 * A reporter whose reports were repeatedly dismissed never hides anything: her report waits for a human.
 * The live stream and caches follow: the change is recorded for them in the same transaction (recordModelChange).
 */
async function recordReport(app: FastifyInstance, intake: Intake): Promise<void> {
  const threshold = await readAutoHideReporters(app.db);
  const today = todayInSaoPaulo();
  const modelId = intake.modelId;
  await app.db.transaction(async (tx) => {
    let before = false;
    if (modelId !== null) {
      const [model] = await tx
        .select({ id: models.id })
        .from(models)
        .where(and(eq(models.id, modelId), isNull(models.deletedAt)))
        .for("update");
      if (!model) throw notFound(PROFILE_NOT_FOUND);
      before = await isModelVisible({ db: tx, modelId });
    }
    let photoIsPublic = false;
    if (intake.photoId !== null) {
      const [photo] = await tx
        .select({ isPublic: photos.isPublic })
        .from(photos)
        .where(and(eq(photos.id, intake.photoId), eq(photos.modelId, modelId ?? -1)));
      if (!photo) throw notFound(PHOTO_NOT_FOUND);
      photoIsPublic = photo.isPublic;
    }
    const isUrgent = URGENT_REPORT_CATEGORIES.includes(intake.category);
    const opened = await openModerationCase(tx, {
      modelId,
      photoId: intake.photoId,
      kind: "report",
      priority: isUrgent ? PRIORITY.urgent : intake.source === "notice" ? PRIORITY.high : PRIORITY.normal,
    });
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
        reporterHash: intake.reporterHash,
        day: today,
        countsForAutoHide: intake.countsForAutoHide,
        notifierName: intake.notifier?.name ?? null,
        notifierEmail: intake.notifier?.email ?? null,
        notifierRole: intake.notifier?.role ?? null,
        url: intake.notifier?.url ?? null,
      })
      .onConflictDoNothing()
      .returning({ id: moderationReports.id });
    if (inserted.length === 0) throw conflict(ALREADY_REPORTED);
    if (modelId === null || !intake.countsForAutoHide) return;

    const [kase] = await tx
      .select({ autoHidden: moderationCases.autoHidden })
      .from(moderationCases)
      .where(eq(moderationCases.id, opened.id));
    const holdsAtOnce =
      isUrgent || (intake.source === "notice" && intake.category === "intimate_image_without_consent");
    let hides = holdsAtOnce;
    if (!hides && !kase?.autoHidden) hides = (await countDistinctReporters(tx, opened.id)) >= threshold;
    if (!hides) return;
    if (isUrgent || intake.photoId === null) {
      await holdProfile(tx, modelId, { freezePhotos: isUrgent });
    } else if (photoIsPublic) {
      await tx
        .update(photos)
        .set({ isPublic: false, moderationHiddenAt: new Date() })
        .where(eq(photos.id, intake.photoId));
    }
    await tx.update(moderationCases).set({ autoHidden: true }).where(eq(moderationCases.id, opened.id));
    await recordModelChange(tx, modelId, { before, after: await isModelVisible({ db: tx, modelId }) });
  });
  await app.events.deliver();
}

/** A visitor's report of a profile or one of its photos (anonymous: known only by the reporter hash). */
export async function submitReport(
  app: FastifyInstance,
  { body, reporterHash }: { body: ReportInput; reporterHash: string },
): Promise<void> {
  const standing = await reporterStanding(app.db, reporterHash, todayInSaoPaulo());
  if (!standing.canReport) throw rateLimited(TOO_MANY_REPORTS);
  await recordReport(app, {
    modelId: body.model_id,
    photoId: body.photo_id ?? null,
    category: body.category,
    text: body.text,
    contact: body.contact,
    source: "visitor",
    reporterHash,
    countsForAutoHide: standing.countsForAutoHide,
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

/** An identified notice (art. 29 of ECA Digital): a report with the notifier's name, e-mail, role and the URL. */
export async function submitNotice(
  app: FastifyInstance,
  { body, reporterHash }: { body: NoticeInput; reporterHash: string },
): Promise<void> {
  const today = todayInSaoPaulo();
  const [sent] = await app.db
    .select({ n: count() })
    .from(moderationReports)
    .where(
      and(
        eq(moderationReports.source, "notice"),
        eq(moderationReports.reporterHash, reporterHash),
        eq(moderationReports.day, today),
      ),
    );
  if (Number(sent?.n ?? 0) >= NOTICES_PER_DAY) throw rateLimited(TOO_MANY_REPORTS);
  const target = await resolveNoticeUrl(app.db, body.url);
  await recordReport(app, {
    modelId: target?.modelId ?? null,
    photoId: target?.photoId ?? null,
    category: body.category,
    text: body.reason,
    contact: body.email,
    source: "notice",
    reporterHash,
    countsForAutoHide: true,
    notifier: { name: body.name, email: body.email, role: body.role, url: body.url },
  });
}
