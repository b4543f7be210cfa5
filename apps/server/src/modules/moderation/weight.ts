import { AUTO_HIDE_WINDOW_HOURS, URGENT_REPORT_CATEGORIES } from "@vitrine/contracts";
import { and, count, eq, gte, inArray, isNotNull, sql } from "drizzle-orm";
import type { Db } from "../../db/client";
import { moderationCases, moderationReports } from "../../db/schema";
import type { Tx } from "../models/lock-model";

/**
 * The weight of reports (decision 057): a report never hides anything by itself. Only urgent reports that agree
 * — AUTO_HIDE_SETTING of them within AUTO_HIDE_WINDOW_HOURS, each weighing — hide a profile before a person looks.
 * This file is the one place that says which report weighs.
 */

/** Urgent reports one network, or one age session, may make weigh in a day, across every profile. */
export const NETWORK_WEIGHING_PER_DAY = 3;
/** After "Restaurar (denúncias falsas)", the reporting networks' urgent reports weigh nothing for this long. */
export const FALSE_REPORTS_DISTRUST_DAYS = 90;
/** A reporter with this many reports dismissed (archived) within ABUSE_WINDOW_DAYS reports less, and never weighs. */
export const ABUSE_DISMISSED_REPORTS = 3;
export const ABUSE_WINDOW_DAYS = 90;

/**
 * Whether a report began to weigh within the window: a notice when its sender confirmed it, a visitor's report
 * when sent. (The bound is text cast in SQL: a raw expression has no column type to encode a Date with.)
 */
const weighedWithinWindow = () =>
  sql`coalesce(${moderationReports.confirmedAt}, ${moderationReports.createdAt}) >= ${new Date(
    Date.now() - AUTO_HIDE_WINDOW_HOURS * 3_600_000,
  ).toISOString()}::timestamptz`;

const urgent = inArray(moderationReports.category, [...URGENT_REPORT_CATEGORIES]);

/** Whether the reporter's reports were dismissed ABUSE_DISMISSED_REPORTS times in ABUSE_WINDOW_DAYS. */
export async function isAbusiveReporter(db: Db | Tx, reporterHash: string | null): Promise<boolean> {
  if (reporterHash === null) return false;
  const since = new Date(Date.now() - ABUSE_WINDOW_DAYS * 86_400_000);
  const [dismissed] = await db
    .select({ n: count() })
    .from(moderationReports)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
    .where(
      and(
        eq(moderationReports.reporterHash, reporterHash),
        eq(moderationCases.decision, "archive"),
        gte(moderationReports.createdAt, since),
      ),
    );
  return Number(dismissed?.n ?? 0) >= ABUSE_DISMISSED_REPORTS;
}

/** Whether a network reported in a case an admin found false ("Restaurar") within FALSE_REPORTS_DISTRUST_DAYS. */
async function isDistrustedNetwork(tx: Tx, networkHash: string): Promise<boolean> {
  const since = new Date(Date.now() - FALSE_REPORTS_DISTRUST_DAYS * 86_400_000);
  const [row] = await tx
    .select({ id: moderationReports.id })
    .from(moderationReports)
    .innerJoin(moderationCases, eq(moderationCases.id, moderationReports.caseId))
    .where(
      and(
        eq(moderationReports.networkHash, networkHash),
        eq(moderationCases.reportsFalse, true),
        gte(moderationCases.decidedAt, since),
      ),
    )
    .limit(1);
  return row !== undefined;
}

export type WeightInput = {
  modelId: number;
  category: string;
  reporterHash: string | null;
  networkHash: string | null;
  ageSessionHash: string | null;
  /** A visitor's report needs an age pass to weigh; a confirmed notice does not (a victim may not pass it). */
  requireAgePass: boolean;
};

/**
 * Whether an urgent report weighs towards hiding the profile before review. Call it under the model's row lock,
 * in the transaction that records (or confirms) the report; it takes the network's own lock for the daily cap.
 * It weighs when: its category is urgent; its network is known; it comes with an age pass (visitors); its reporter
 * is not one whose reports were repeatedly dismissed; its network is not distrusted after false reports; neither
 * its network nor its age session already weighed for this profile within the window; and neither its network nor
 * its age session made NETWORK_WEIGHING_PER_DAY reports weigh within the window, across profiles (one age pass
 * carried through many networks weighs no more than one network).
 */
export async function reportWeighs(tx: Tx, input: WeightInput): Promise<boolean> {
  if (!URGENT_REPORT_CATEGORIES.some((c) => c === input.category)) return false;
  const { networkHash, ageSessionHash } = input;
  if (networkHash === null) return false;
  if (input.requireAgePass && ageSessionHash === null) return false;
  if (await isAbusiveReporter(tx, input.reporterHash)) return false;
  // One network's reports against several profiles race on the daily cap: they take turns.
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`moderation-network:${networkHash}`}))`);
  if (await isDistrustedNetwork(tx, networkHash)) return false;
  const weighing = and(eq(moderationReports.weighs, true), urgent, weighedWithinWindow());
  const [[onProfile], [today], [sessionToday]] = await Promise.all([
    tx
      .select({ n: count() })
      .from(moderationReports)
      .where(
        and(
          weighing,
          eq(moderationReports.modelId, input.modelId),
          ageSessionHash === null
            ? eq(moderationReports.networkHash, networkHash)
            : sql`(${moderationReports.networkHash} = ${networkHash} or ${moderationReports.ageSessionHash} = ${ageSessionHash})`,
        ),
      ),
    tx
      .select({ n: count() })
      .from(moderationReports)
      .where(and(weighing, eq(moderationReports.networkHash, networkHash))),
    ageSessionHash === null
      ? Promise.resolve([{ n: 0 }])
      : tx
          .select({ n: count() })
          .from(moderationReports)
          .where(and(weighing, eq(moderationReports.ageSessionHash, ageSessionHash))),
  ]);
  if (Number(onProfile?.n ?? 0) > 0) return false;
  return Number(today?.n ?? 0) < NETWORK_WEIGHING_PER_DAY && Number(sessionToday?.n ?? 0) < NETWORK_WEIGHING_PER_DAY;
}

/** Distinct networks whose urgent reports weigh against the profile within the window. */
export async function agreeingNetworks(tx: Tx, modelId: number): Promise<number> {
  const [row] = await tx
    .select({ n: sql<number>`count(distinct ${moderationReports.networkHash})::int` })
    .from(moderationReports)
    .where(
      and(
        eq(moderationReports.modelId, modelId),
        eq(moderationReports.weighs, true),
        urgent,
        isNotNull(moderationReports.networkHash),
        weighedWithinWindow(),
      ),
    );
  return Number(row?.n ?? 0);
}
