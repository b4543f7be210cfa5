import type {
  ModerationCaseDetail,
  ModerationCaseSummary,
  ModerationQueueQuerySchema,
  OwnModerationResponse,
  UrgentSummary,
} from "@vitrine/contracts";
import type { z } from "zod";
import { and, asc, count, desc, eq, inArray, isNotNull, ne, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Db } from "../../db/client";
import {
  admins,
  type ModerationCaseRow,
  moderationCases,
  moderationEvidence,
  moderationReports,
  models,
} from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { listModelPhotos, listOwnerPhotos } from "../photos/service";
import { PRIORITY } from "./case-store";
import { openHoldingCasesOf } from "./holds";
import { CASE_NOT_FOUND } from "./decisions";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/** The categories reported in each case, most reported first, and how many reports. */
async function reportCounts(db: Db, caseIds: number[]) {
  const byCase = new Map<number, { categories: string[]; total: number }>();
  if (caseIds.length === 0) return byCase;
  const rows = await db
    .select({ caseId: moderationReports.caseId, category: moderationReports.category, n: count() })
    .from(moderationReports)
    .where(inArray(moderationReports.caseId, caseIds))
    .groupBy(moderationReports.caseId, moderationReports.category)
    .orderBy(desc(count()), asc(moderationReports.category));
  for (const row of rows) {
    const entry = byCase.get(row.caseId) ?? { categories: [], total: 0 };
    entry.categories.push(row.category);
    entry.total += Number(row.n);
    byCase.set(row.caseId, entry);
  }
  return byCase;
}

type CaseWithModel = {
  kase: ModerationCaseRow;
  model: {
    id: number;
    name: string;
    username: string;
    moderationStatus: string;
    photosFrozenAt: Date | null;
    deletedAt: Date | null;
  } | null;
};

const caseModelColumns = {
  id: models.id,
  name: models.name,
  username: models.username,
  moderationStatus: models.moderationStatus,
  photosFrozenAt: models.photosFrozenAt,
  deletedAt: models.deletedAt,
};

function presentSummary(
  { kase, model }: CaseWithModel,
  counts: { categories: string[]; total: number } | undefined,
): ModerationCaseSummary {
  return {
    id: kase.id,
    kind: kase.kind,
    priority: kase.priority,
    status: kase.status,
    model: model
      ? {
          id: model.id,
          name: model.name,
          username: model.username,
          moderation_status: model.moderationStatus,
          photos_frozen: model.photosFrozenAt !== null,
          deleted: model.deletedAt !== null,
        }
      : null,
    photo_id: kase.photoId,
    categories: counts?.categories ?? [],
    reports_count: counts?.total ?? 0,
    detail: kase.detail,
    auto_hidden: kase.autoHidden,
    decision: kase.decision,
    created_at: kase.createdAt.toISOString(),
    last_report_at: kase.lastReportAt.toISOString(),
    appealed_at: iso(kase.appealedAt),
  };
}

/** Open urgent cases and when the oldest was opened: one indexed read, for the admin's badge and dashboard card. */
export async function getUrgentSummary(db: Db): Promise<UrgentSummary> {
  const [row] = await db
    .select({ n: count(), oldest: sql<Date | string | null>`min(${moderationCases.createdAt})` })
    .from(moderationCases)
    .where(and(eq(moderationCases.status, "open"), eq(moderationCases.priority, PRIORITY.urgent)));
  const oldest = row?.oldest ? new Date(row.oldest) : null;
  return { urgent_open: Number(row?.n ?? 0), urgent_oldest_at: oldest ? oldest.toISOString() : null };
}

/**
 * The queue: open cases (or appeals, or decided ones) by priority, a profile hidden before review first, then
 * oldest first (decided: newest first).
 */
export async function listCases(db: Db, query: z.output<typeof ModerationQueueQuerySchema>) {
  const where = eq(moderationCases.status, query.status);
  const order =
    query.status === "closed"
      ? [desc(moderationCases.decidedAt), desc(moderationCases.id)]
      : query.status === "appealed"
        ? [asc(moderationCases.appealedAt), asc(moderationCases.id)]
        : [
            desc(moderationCases.priority),
            desc(moderationCases.autoHidden),
            asc(moderationCases.createdAt),
            asc(moderationCases.id),
          ];
  const [rows, [{ total }]] = await Promise.all([
    db
      .select({ kase: moderationCases, model: caseModelColumns })
      .from(moderationCases)
      .leftJoin(models, eq(models.id, moderationCases.modelId))
      .where(where)
      .orderBy(...order)
      .limit(query.limit)
      .offset((query.page - 1) * query.limit),
    db.select({ total: count() }).from(moderationCases).where(where),
  ]);
  const counts = await reportCounts(
    db,
    rows.map((r) => r.kase.id),
  );
  return {
    cases: rows.map((row) => presentSummary(row, counts.get(row.kase.id))),
    pagination: { page: query.page, pages: Math.max(1, Math.ceil(Number(total) / query.limit)), total: Number(total) },
    ...(await getUrgentSummary(db)),
  };
}

function decisionFields(kase: ModerationCaseRow, decidedBy: string | null) {
  return {
    decision: kase.decision,
    decision_reason: kase.decisionReason,
    decided_at: iso(kase.decidedAt),
    decided_by: decidedBy,
    legal_hold: kase.legalHold,
    appeal_text: kase.appealText,
    appealed_at: iso(kase.appealedAt),
    appeal_outcome: kase.appealOutcome,
    appeal_reason: kase.appealReason,
    appeal_decided_at: iso(kase.appealDecidedAt),
  };
}

/** One case for the admin: the item, the reports, her photos, her history and the evidence held. */
export async function getCaseDetail(app: FastifyInstance, caseId: number): Promise<ModerationCaseDetail> {
  const db = app.db;
  const [row] = await db
    .select({ kase: moderationCases, model: caseModelColumns, decidedBy: admins.username })
    .from(moderationCases)
    .leftJoin(models, eq(models.id, moderationCases.modelId))
    .leftJoin(admins, eq(admins.id, moderationCases.decidedBy))
    .where(eq(moderationCases.id, caseId));
  if (!row) throw notFound(CASE_NOT_FOUND);
  const { kase, model } = row;
  const [reports, history, evidence, photos] = await Promise.all([
    db.select().from(moderationReports).where(eq(moderationReports.caseId, caseId)).orderBy(asc(moderationReports.id)),
    model
      ? db
          .select({ kase: moderationCases, decidedBy: admins.username })
          .from(moderationCases)
          .leftJoin(admins, eq(admins.id, moderationCases.decidedBy))
          .where(and(eq(moderationCases.modelId, model.id), ne(moderationCases.id, caseId)))
          .orderBy(desc(moderationCases.createdAt), desc(moderationCases.id))
          .limit(50)
      : Promise.resolve([]),
    db
      .select()
      .from(moderationEvidence)
      .where(eq(moderationEvidence.caseId, caseId))
      .orderBy(asc(moderationEvidence.id)),
    model && !model.deletedAt ? presentCasePhotos(app, model.id, kase.photoId) : Promise.resolve([]),
  ]);
  const counts = await reportCounts(db, [caseId, ...history.map((h) => h.kase.id)]);
  return {
    ...presentSummary({ kase, model }, counts.get(caseId)),
    ...decisionFields(kase, row.decidedBy),
    reports: reports.map((r) => ({
      id: r.id,
      category: r.category,
      text: r.text,
      contact: r.contact,
      source: r.source,
      weighs: r.weighs,
      age_passed: r.ageSessionHash !== null,
      confirmed: r.source === "notice" ? r.confirmedAt !== null : null,
      notifier_name: r.notifierName,
      notifier_email: r.notifierEmail,
      notifier_role: r.notifierRole,
      url: r.url,
      created_at: r.createdAt.toISOString(),
    })),
    photos,
    history: history.map((h) => ({
      id: h.kase.id,
      kind: h.kase.kind,
      status: h.kase.status,
      photo_id: h.kase.photoId,
      categories: counts.get(h.kase.id)?.categories ?? [],
      created_at: h.kase.createdAt.toISOString(),
      ...decisionFields(h.kase, h.decidedBy),
    })),
    evidence: evidence.map((e) => ({
      id: e.id,
      photo_id: e.photoId,
      sha256: e.sha256,
      held_until: e.heldUntil.toISOString(),
    })),
  };
}

/** Her photos as the reviewing admin sees them (URLs signed like the owner's), the reported one marked. */
async function presentCasePhotos(app: FastifyInstance, modelId: number, reportedId: number | null) {
  const input = { db: app.db, storage: app.storage, secret: app.config.jwtSecret, modelId };
  const [rows, signed] = await Promise.all([listModelPhotos(input), listOwnerPhotos(input)]);
  const hidden = new Map(rows.map((r) => [r.id, r.moderationHiddenAt !== null]));
  return signed.map((p) => ({
    id: p.id,
    url: p.url,
    is_public: p.is_public,
    is_primary: p.is_primary,
    moderation_hidden: hidden.get(p.id) ?? false,
    reported: p.id === reportedId,
  }));
}

/**
 * What the model sees of moderation about her: her state, and each decision with its reason (never who reported
 * or what was reported). An archived case tells her nothing and is left out; an open one is summed up by the state.
 */
export async function getOwnModeration(db: Db, modelId: number): Promise<OwnModerationResponse> {
  const [[model], cases] = await Promise.all([
    db
      .select({ status: models.moderationStatus, frozenAt: models.photosFrozenAt })
      .from(models)
      .where(eq(models.id, modelId)),
    db
      .select()
      .from(moderationCases)
      .where(
        and(
          eq(moderationCases.modelId, modelId),
          isNotNull(moderationCases.decision),
          ne(moderationCases.decision, "archive"),
        ),
      )
      .orderBy(desc(moderationCases.decidedAt), desc(moderationCases.id)),
  ]);
  if (!model) throw notFound();
  return {
    moderation_status: model.status as OwnModerationResponse["moderation_status"],
    photos_frozen: model.frozenAt !== null,
    under_review: model.status === "held" ? await heldFor(db, modelId) : null,
    cases: cases.map((kase) => {
      const { decided_by: _by, legal_hold: _hold, ...fields } = decisionFields(kase, null);
      return {
        id: kase.id,
        photo_id: kase.photoId,
        can_appeal: kase.status === "closed" && kase.appealedAt === null,
        ...fields,
      };
    }),
  };
}

/**
 * Why reports that agreed hid her before review: the categories of her open cases that hold her, and since when
 * (the reporters are never told). Null when no such case is open.
 */
async function heldFor(db: Db, modelId: number) {
  const held = await db
    .select({ id: moderationCases.id, createdAt: moderationCases.createdAt })
    .from(moderationCases)
    .where(openHoldingCasesOf(modelId))
    .orderBy(asc(moderationCases.createdAt));
  if (held.length === 0) return null;
  const counts = await reportCounts(
    db,
    held.map((h) => h.id),
  );
  const categories = [...new Set(held.flatMap((h) => counts.get(h.id)?.categories ?? []))];
  return { categories, since: held[0]!.createdAt.toISOString() };
}

/** The transparency counts: reports per category, the median time to a first decision, the actions taken. */
export async function getModerationStats(db: Db) {
  const [byCategory, [notices], [median], actions, [appeals], [open], [held], urgent] = await Promise.all([
    db
      .select({ category: moderationReports.category, count: count() })
      .from(moderationReports)
      .groupBy(moderationReports.category)
      .orderBy(desc(count())),
    db.select({ n: count() }).from(moderationReports).where(eq(moderationReports.source, "notice")),
    db
      .select({
        hours: sql<
          number | null
        >`percentile_cont(0.5) within group (order by extract(epoch from (${moderationCases.decidedAt} - ${moderationCases.createdAt})) / 3600)`,
      })
      .from(moderationCases)
      .where(isNotNull(moderationCases.decidedAt)),
    db
      .select({ action: moderationCases.decision, count: count() })
      .from(moderationCases)
      .where(isNotNull(moderationCases.decision))
      .groupBy(moderationCases.decision)
      .orderBy(desc(count())),
    db
      .select({
        received: sql<number>`count(*) filter (where ${moderationCases.appealedAt} is not null)`.mapWith(Number),
        reversed: sql<number>`count(*) filter (where ${moderationCases.appealOutcome} = 'reversed')`.mapWith(Number),
      })
      .from(moderationCases),
    db
      .select({ n: count() })
      .from(moderationCases)
      .where(inArray(moderationCases.status, ["open", "appealed"])),
    db.select({ n: count() }).from(moderationEvidence),
    getUrgentSummary(db),
  ]);
  const hours = median?.hours === null || median?.hours === undefined ? null : Number(median.hours);
  return {
    reports_by_category: byCategory.map((r) => ({ category: r.category, count: Number(r.count) })),
    notices: Number(notices?.n ?? 0),
    median_hours_to_first_action: hours === null ? null : Math.round(hours * 10) / 10,
    actions: actions.map((a) => ({ action: a.action ?? "", count: Number(a.count) })),
    appeals: { received: appeals?.received ?? 0, reversed: appeals?.reversed ?? 0 },
    open_cases: Number(open?.n ?? 0),
    evidence_held: Number(held?.n ?? 0),
    ...urgent,
  };
}
