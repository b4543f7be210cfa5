import { and, desc, gte, isNotNull, lt, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Db } from "../../db/client";
import { boosts } from "../../db/schema";
import type { ReportRange } from "./periods";

/** The boosts section of the report: bought, reviewed (approved or rejected) and rejected in the period. */
export type BoostFigures = { sold: number; reviewed: number; rejected: number };
export type BoostCase = { id: number; status: string; at: string };

const within = (column: PgColumn, range: ReportRange): SQL => and(gte(column, range.start), lt(column, range.end))!;

/**
 * The one place the report reads paid boosts (table boosts, migration 0046, decision 079), over
 * `range.start <= at < range.end`: sold = boosts whose payment was confirmed (paid_at), whatever happened to them
 * after; reviewed = boosts an admin approved or rejected (reviewed_at: a boost sent back to review by an edit counts
 * once, in the period of its latest review); rejected = those whose review rejected them (reject_reason), refunded
 * with the reason. The admin's cases: the boosts paid or reviewed in the period, each at its latest of the two.
 */
export async function readBoosts(
  db: Db,
  range: ReportRange,
  options: { withCases: boolean; limit?: number },
): Promise<{ figures: BoostFigures; cases: BoostCase[] }> {
  const paidIn = within(boosts.paidAt, range);
  const reviewedIn = within(boosts.reviewedAt, range);
  const [[counts], rows] = await Promise.all([
    db
      .select({
        sold: sql<number>`count(*) filter (where ${paidIn})`.mapWith(Number),
        reviewed: sql<number>`count(*) filter (where ${reviewedIn})`.mapWith(Number),
        rejected: sql<number>`count(*) filter (where ${reviewedIn} and ${isNotNull(boosts.rejectReason)})`.mapWith(
          Number,
        ),
      })
      .from(boosts)
      .where(sql`(${paidIn}) or (${reviewedIn})`),
    options.withCases
      ? db
          .select({ id: boosts.id, status: boosts.status, paidAt: boosts.paidAt, reviewedAt: boosts.reviewedAt })
          .from(boosts)
          .where(sql`(${paidIn}) or (${reviewedIn})`)
          .orderBy(desc(sql`coalesce(${boosts.reviewedAt}, ${boosts.paidAt})`), desc(boosts.id))
          .limit(options.limit ?? 501)
      : Promise.resolve([]),
  ]);
  return {
    figures: { sold: counts?.sold ?? 0, reviewed: counts?.reviewed ?? 0, rejected: counts?.rejected ?? 0 },
    cases: rows.map((b) => ({
      id: b.id,
      status: b.status,
      at: (b.reviewedAt && b.reviewedAt < range.end ? b.reviewedAt : b.paidAt)?.toISOString() ?? "",
    })),
  };
}
