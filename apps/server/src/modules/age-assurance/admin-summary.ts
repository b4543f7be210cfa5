import {
  AGE_CHECK_OUTCOMES,
  AGE_CHECK_RETENTION_DAYS,
  type AdminAgeAssuranceResponse,
  type AgeOutcomeCounts,
} from "@vitrine/contracts";
import { count, gte, min, sql, sum } from "drizzle-orm";
import type { AgeAssuranceConfig } from "../../config";
import type { Db } from "../../db/client";
import { ageCheckDays, ageChecks } from "../../db/schema";
import { addDays } from "../../lib/dates";
import { localDay, withinLocalDays } from "../../lib/sql-days";

/** The admin page's chart and table cover the last this many São Paulo days, today included. */
export const AGE_SUMMARY_DAYS = 30;

/**
 * The local demonstration verifier: an issuer on the loopback (localhost, 127.0.0.0/8, ::1) is reachable only from
 * the server's own machine, so no real visitor could ever be sent there.
 */
export function isLocalVerifier(issuer: string): boolean {
  let host: string;
  try {
    host = new URL(issuer).hostname.toLowerCase();
  } catch {
    return false;
  }
  return host === "localhost" || host.endsWith(".localhost") || host === "[::1]" || /^127(\.\d{1,3}){3}$/.test(host);
}

/** A number of checks of one São Paulo day and verifier: begun ("started") or answered with an outcome. */
type Count = { day: string; verifier: string; key: string; n: number };

const zero = (): AgeOutcomeCounts => ({ started: 0, over18: 0, under18: 0, cancelled: 0, error: 0, replayed: 0 });

function add(into: AgeOutcomeCounts, { key, n }: Pick<Count, "key" | "n">) {
  if (key === "started" || (AGE_CHECK_OUTCOMES as readonly string[]).includes(key)) {
    into[key as keyof AgeOutcomeCounts] += n;
  }
}

/**
 * The counts of rows of age_checks grouped by outcome: each row counts as started and, once answered, under its
 * outcome (a pending one as started only). A row of age_check_days already names "started" or the outcome.
 */
function countsOfRows<T extends { outcome: string | null; n: number }>(rows: T[]) {
  return rows.flatMap((row) => [
    { ...row, key: "started" },
    ...(row.outcome === null ? [] : [{ ...row, key: row.outcome }]),
  ]);
}

/** Checks per São Paulo day, verifier and outcome from `from` on: rows still kept and daily counts of older ones. */
async function countSince(db: Db, from: string): Promise<Count[]> {
  const day = sql<string>`to_char(${localDay(ageChecks.createdAt)}, 'YYYY-MM-DD')`;
  const [rows, rolledUp] = await Promise.all([
    db
      .select({ day, verifier: ageChecks.verifier, outcome: ageChecks.outcome, n: count() })
      .from(ageChecks)
      .where(withinLocalDays(ageChecks.createdAt, from))
      .groupBy(sql`1`, ageChecks.verifier, ageChecks.outcome),
    db
      .select({
        day: ageCheckDays.day,
        verifier: ageCheckDays.verifier,
        key: ageCheckDays.outcome,
        n: ageCheckDays.count,
      })
      .from(ageCheckDays)
      .where(gte(ageCheckDays.day, from)),
  ]);
  return [...countsOfRows(rows), ...rolledUp];
}

/** Every check since the first one kept, by outcome, and the first São Paulo day. */
async function countAllTime(db: Db): Promise<AdminAgeAssuranceResponse["all_time"]> {
  const [rows, rolledUp] = await Promise.all([
    db
      .select({
        outcome: ageChecks.outcome,
        n: count(),
        first: sql<string | null>`to_char(min(${localDay(ageChecks.createdAt)}), 'YYYY-MM-DD')`,
      })
      .from(ageChecks)
      .groupBy(ageChecks.outcome),
    db
      .select({ key: ageCheckDays.outcome, n: sum(ageCheckDays.count).mapWith(Number), first: min(ageCheckDays.day) })
      .from(ageCheckDays)
      .groupBy(ageCheckDays.outcome),
  ]);
  const totals = zero();
  let since: string | null = null;
  for (const row of [...countsOfRows(rows), ...rolledUp]) {
    add(totals, row);
    if (row.first && (since === null || row.first < since)) since = row.first;
  }
  return { ...totals, since };
}

/**
 * GET /api/admin/age-assurance: the mode in force, the verifier's configuration (never its secret) and the checks
 * of the last 30 São Paulo days ending `today` — per day (every day present, oldest first), per verifier and in
 * all — plus every check since the first. Rows and the daily counts the retention job left of older rows add up.
 */
export async function getAgeAssuranceSummary({
  db,
  config,
  today,
}: {
  db: Db;
  config: AgeAssuranceConfig;
  today: string;
}): Promise<AdminAgeAssuranceResponse> {
  const from = addDays(today, 1 - AGE_SUMMARY_DAYS);
  const [counts, allTime] = await Promise.all([countSince(db, from), countAllTime(db)]);

  const days = new Map<string, AgeOutcomeCounts>();
  for (let i = 0; i < AGE_SUMMARY_DAYS; i++) days.set(addDays(from, i), zero());
  const byVerifier = new Map<string, AgeOutcomeCounts>();
  const totals = zero();
  for (const row of counts) {
    const perDay = days.get(row.day);
    if (!perDay) continue; // dated after today (a clock moved back)
    let perVerifier = byVerifier.get(row.verifier);
    if (!perVerifier) byVerifier.set(row.verifier, (perVerifier = zero()));
    for (const into of [perDay, perVerifier, totals]) add(into, row);
  }

  const { verifier } = config;
  return {
    mode: config.mode,
    mode_explicit: config.explicit,
    verifier: verifier
      ? { name: verifier.name, issuer: verifier.issuer, claim: verifier.claim, demo: isLocalVerifier(verifier.issuer) }
      : null,
    pass_hours: config.passHours,
    retention_days: AGE_CHECK_RETENTION_DAYS,
    days: [...days].map(([day, counts]) => ({ day, ...counts })),
    by_verifier: [...byVerifier]
      .map(([name, counts]) => ({ verifier: name, ...counts }))
      .sort((a, b) => b.started - a.started || a.verifier.localeCompare(b.verifier)),
    totals,
    all_time: allTime,
  };
}
