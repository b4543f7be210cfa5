import {
  type AdminTransparencyResponse,
  MODERATION_ACTIONS,
  MODERATION_ACTION_LABELS,
  REPORT_CATEGORIES,
  reportCategoryLabel,
  TRANSPARENCY_CASES_LIMIT,
  TRUSTED_NOTIFIER_KIND_LABELS,
  TRUSTED_NOTIFIER_KINDS,
  type TransparencyLine,
  type TransparencyReport,
} from "@vitrine/contracts";
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { identityVerifications, moderationCases, moderationReports, trustedNotifiers } from "../../db/schema";
import { readBoosts } from "./boosts";
import type { ReportRange } from "./periods";

/** The verification statuses that are a decision: approved, and refused (rejected, or under 18). */
const VERIFICATION_DECIDED = ["approved", "rejected", "underage"];

const within = (column: PgColumn, range: ReportRange): SQL => and(gte(column, range.start), lt(column, range.end))!;

/** Hours between two instants (epoch seconds), rounded to one decimal. */
const roundHours = (seconds: number | string | null) =>
  seconds === null ? null : Math.round((Number(seconds) / 3600) * 10) / 10;

/** Counts keyed by a stored value, as lines in `order` (zeros included) and then any other value found. */
function lines(
  rows: { value: string | null; n: number }[],
  order: readonly string[],
  label: (value: string) => string,
): TransparencyLine[] {
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(row.value ?? "", (counts.get(row.value ?? "") ?? 0) + Number(row.n));
  const values = [...order, ...[...counts.keys()].filter((v) => !order.includes(v)).sort()];
  return values.map((value) => ({ value, label: label(value), count: counts.get(value) ?? 0 }));
}

const notifierKindLabel = (kind: string) =>
  TRUSTED_NOTIFIER_KIND_LABELS[kind as keyof typeof TRUSTED_NOTIFIER_KIND_LABELS] ?? kind;
const actionLabel = (action: string) =>
  MODERATION_ACTION_LABELS[action as keyof typeof MODERATION_ACTION_LABELS] ?? action;

/**
 * The report of a period from what is already kept (decision 076), aggregates only:
 * - reports received (moderation_reports created in the period) by category and by source; trusted notifiers'
 *   ones by the organisation's kind;
 * - decisions: cases first decided in the period (decided_at) by action; removed = every action but archiving;
 *   restored = archived cases that had hidden content before review, plus decisions reversed on appeal in the
 *   period; appeals received (appealed_at) and decided (appeal_decided_at) in the period;
 * - time to first review over the cases first decided in the period: decided_at − created_at, median and 90th
 *   percentile by nearest rank (percentile_disc: the value at rank ⌈p·n⌉, a real case's time);
 * - verifications decided in the period (approved; rejected, under-18 ones counted as rejected);
 * - boosts (./boosts.ts).
 */
export async function buildReport(db: Db, range: ReportRange, now: Date = new Date()): Promise<TransparencyReport> {
  const reportsIn = within(moderationReports.createdAt, range);
  const decidedIn = within(moderationCases.decidedAt, range);
  const [byCategory, bySource, byKind, [decided], byAction, [appeals], verifications, boosts] = await Promise.all([
    db
      .select({ value: moderationReports.category, n: count() })
      .from(moderationReports)
      .where(reportsIn)
      .groupBy(moderationReports.category),
    db
      .select({ value: moderationReports.source, n: count() })
      .from(moderationReports)
      .where(reportsIn)
      .groupBy(moderationReports.source),
    // A report outlives its notifier's row: a kind no longer known counts as "outra".
    db
      .select({ value: sql<string>`coalesce(${trustedNotifiers.kind}, 'outra')`, n: count() })
      .from(moderationReports)
      .leftJoin(trustedNotifiers, eq(trustedNotifiers.id, moderationReports.trustedNotifierId))
      .where(and(reportsIn, eq(moderationReports.source, "trusted")))
      .groupBy(sql`coalesce(${trustedNotifiers.kind}, 'outra')`),
    db
      .select({
        total: count(),
        legalHold: sql<number>`count(*) filter (where ${moderationCases.legalHold})`.mapWith(Number),
        restoredByArchive:
          sql<number>`count(*) filter (where ${moderationCases.decision} = 'archive' and ${moderationCases.autoHidden})`.mapWith(
            Number,
          ),
        median: sql<
          string | null
        >`percentile_disc(0.5) within group (order by extract(epoch from (${moderationCases.decidedAt} - ${moderationCases.createdAt})))`,
        p90: sql<
          string | null
        >`percentile_disc(0.9) within group (order by extract(epoch from (${moderationCases.decidedAt} - ${moderationCases.createdAt})))`,
      })
      .from(moderationCases)
      .where(decidedIn),
    db
      .select({ value: moderationCases.decision, n: count() })
      .from(moderationCases)
      .where(decidedIn)
      .groupBy(moderationCases.decision),
    db
      .select({
        received: sql<number>`count(*) filter (where ${within(moderationCases.appealedAt, range)})`.mapWith(Number),
        upheld:
          sql<number>`count(*) filter (where ${moderationCases.appealOutcome} = 'upheld' and ${within(moderationCases.appealDecidedAt, range)})`.mapWith(
            Number,
          ),
        reversed:
          sql<number>`count(*) filter (where ${moderationCases.appealOutcome} = 'reversed' and ${within(moderationCases.appealDecidedAt, range)})`.mapWith(
            Number,
          ),
      })
      .from(moderationCases)
      .where(sql`${moderationCases.appealedAt} is not null`),
    db
      .select({ value: identityVerifications.status, n: count() })
      .from(identityVerifications)
      .where(
        and(
          within(identityVerifications.decidedAt, range),
          inArray(identityVerifications.status, VERIFICATION_DECIDED),
        ),
      )
      .groupBy(identityVerifications.status),
    readBoosts(db, range, { withCases: false }),
  ]);

  const sourceCount = (source: string) => Number(bySource.find((r) => r.value === source)?.n ?? 0);
  const categories = lines(byCategory, REPORT_CATEGORIES, reportCategoryLabel);
  const kinds = lines(byKind, TRUSTED_NOTIFIER_KINDS, notifierKindLabel);
  const actions = lines(byAction, MODERATION_ACTIONS, actionLabel);
  const archived = actions.find((a) => a.value === "archive")?.count ?? 0;
  const total = Number(decided?.total ?? 0);
  const verified = (status: string) => Number(verifications.find((r) => r.value === status)?.n ?? 0);
  const approved = verified("approved");
  const rejected = verified("rejected") + verified("underage");
  return {
    period: { key: range.key, label: range.label, from: range.from, to: range.to, complete: range.complete },
    generated_at: now.toISOString(),
    reports: {
      total: categories.reduce((sum, line) => sum + line.count, 0),
      by_category: categories,
      by_source: { visitor: sourceCount("visitor"), notice: sourceCount("notice"), trusted: sourceCount("trusted") },
    },
    trusted_notices: { total: kinds.reduce((sum, line) => sum + line.count, 0), by_kind: kinds },
    decisions: {
      total,
      removed: total - archived,
      no_violation: archived,
      by_action: actions,
      legal_hold: decided?.legalHold ?? 0,
      restored: (decided?.restoredByArchive ?? 0) + (appeals?.reversed ?? 0),
      appeals: {
        received: appeals?.received ?? 0,
        upheld: appeals?.upheld ?? 0,
        reversed: appeals?.reversed ?? 0,
      },
    },
    review_time: {
      decided: total,
      median_hours: roundHours(decided?.median ?? null),
      p90_hours: roundHours(decided?.p90 ?? null),
    },
    verifications: { decided: approved + rejected, approved, rejected },
    boosts: boosts.figures,
  };
}

/** The cases behind the report, for the admin: each list newest first, at most TRANSPARENCY_CASES_LIMIT. */
export async function readReportCases(db: Db, range: ReportRange): Promise<AdminTransparencyResponse["cases"]> {
  const limit = TRANSPARENCY_CASES_LIMIT + 1;
  const [reports, decisions, appeals, verifications, boosts] = await Promise.all([
    db
      .select({
        id: moderationReports.id,
        caseId: moderationReports.caseId,
        category: moderationReports.category,
        source: moderationReports.source,
        createdAt: moderationReports.createdAt,
      })
      .from(moderationReports)
      .where(within(moderationReports.createdAt, range))
      .orderBy(desc(moderationReports.createdAt), desc(moderationReports.id))
      .limit(limit),
    db
      .select({
        id: moderationCases.id,
        decision: moderationCases.decision,
        legalHold: moderationCases.legalHold,
        autoHidden: moderationCases.autoHidden,
        createdAt: moderationCases.createdAt,
        decidedAt: moderationCases.decidedAt,
      })
      .from(moderationCases)
      .where(within(moderationCases.decidedAt, range))
      .orderBy(desc(moderationCases.decidedAt), desc(moderationCases.id))
      .limit(limit),
    db
      .select({
        id: moderationCases.id,
        decision: moderationCases.decision,
        appealedAt: moderationCases.appealedAt,
        outcome: moderationCases.appealOutcome,
        decidedAt: moderationCases.appealDecidedAt,
      })
      .from(moderationCases)
      .where(sql`(${within(moderationCases.appealedAt, range)}) or (${within(moderationCases.appealDecidedAt, range)})`)
      .orderBy(desc(moderationCases.appealedAt), desc(moderationCases.id))
      .limit(limit),
    db
      .select({
        id: identityVerifications.id,
        status: identityVerifications.status,
        method: identityVerifications.method,
        decidedAt: identityVerifications.decidedAt,
      })
      .from(identityVerifications)
      .where(
        and(
          within(identityVerifications.decidedAt, range),
          inArray(identityVerifications.status, VERIFICATION_DECIDED),
        ),
      )
      .orderBy(desc(identityVerifications.decidedAt), desc(identityVerifications.id))
      .limit(limit),
    readBoosts(db, range, { withCases: true, limit }),
  ]);
  const cut = <T>(list: T[]) => list.slice(0, TRANSPARENCY_CASES_LIMIT);
  const iso = (at: Date | null) => (at ? at.toISOString() : "");
  return {
    reports: cut(reports).map((r) => ({
      id: r.id,
      case_id: r.caseId,
      category: r.category,
      source: r.source,
      created_at: iso(r.createdAt),
    })),
    decisions: cut(decisions).map((c) => ({
      case_id: c.id,
      decision: c.decision ?? "",
      legal_hold: c.legalHold,
      restored: c.decision === "archive" && c.autoHidden,
      opened_at: iso(c.createdAt),
      decided_at: iso(c.decidedAt),
      review_hours: roundHours(((c.decidedAt?.getTime() ?? 0) - c.createdAt.getTime()) / 1000) ?? 0,
    })),
    appeals: cut(appeals).map((c) => ({
      case_id: c.id,
      decision: c.decision ?? "",
      appealed_at: iso(c.appealedAt),
      outcome: c.outcome,
      decided_at: c.decidedAt ? c.decidedAt.toISOString() : null,
    })),
    verifications: cut(verifications).map((v) => ({
      id: v.id,
      status: v.status,
      method: v.method,
      decided_at: iso(v.decidedAt),
    })),
    boosts: cut(boosts.cases),
    truncated: [reports, decisions, appeals, verifications, boosts.cases].some(
      (l) => l.length > TRANSPARENCY_CASES_LIMIT,
    ),
  };
}
