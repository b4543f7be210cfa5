import { AGE_CHECK_RETENTION_DAYS } from "@vitrine/contracts";
import { and, inArray, isNull, lt, or, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { ageCheckDays, ageChecks } from "../db/schema";
import { failpoint } from "../lib/failpoint";
import { localDay } from "../lib/sql-days";
import type { Job } from "./scheduler";

export const AGE_CHECKS_JOB = "age-checks";

/** Rows of age_checks moved into daily counts per transaction. */
export const AGE_CHECKS_BATCH = 5000;

/** The failpoint crash tests arm to kill the server after a batch was deleted and counted, before the commit. */
export const AGE_ROLLUP_BEFORE_COMMIT = "age-rollup-before-commit";

const DAY_MS = 24 * 60 * 60_000;

/** How often the job runs. */
const INTERVAL_MS = 60 * 60_000;

/**
 * A check started and never finished (the visitor left the verifier's page) is kept at most a day: its flow cookie
 * lasts 10 minutes, so no callback can finish it later, and all it still tells is that a browser began one. Rows
 * pending longer than a day less one run's interval go at each run, so none is found a day old.
 */
export const PENDING_AGE_CHECK_KEPT_MS = DAY_MS - INTERVAL_MS;

type DayCount = typeof ageCheckDays.$inferInsert;

/**
 * Moves up to `limit` rows of age_checks into age_check_days, in one transaction: those created before `before`,
 * and those still pending (never finished) created before `pendingBefore`. The rows are deleted and what the delete
 * returned is added to their São Paulo day's counts per verifier ("started" for every row, and its outcome once
 * answered; a row still pending counts as started only), so the admin's counts do not move. A row is counted by the
 * transaction that deleted it, so two runs at once (or a run killed midway and run again) count each row once.
 * Answers how many rows went.
 */
export async function rollUpAgeChecks(
  db: Db,
  before: Date,
  limit = AGE_CHECKS_BATCH,
  pendingBefore: Date = before,
): Promise<number> {
  return db.transaction(async (tx) => {
    const oldest = tx
      .select({ id: ageChecks.id })
      .from(ageChecks)
      .where(
        or(lt(ageChecks.createdAt, before), and(isNull(ageChecks.outcome), lt(ageChecks.createdAt, pendingBefore))),
      )
      .limit(limit);
    const gone = await tx
      .delete(ageChecks)
      .where(inArray(ageChecks.id, oldest))
      .returning({
        day: sql<string>`to_char(${localDay(ageChecks.createdAt)}, 'YYYY-MM-DD')`,
        verifier: ageChecks.verifier,
        outcome: ageChecks.outcome,
      });
    if (gone.length === 0) return 0;
    const counts = new Map<string, DayCount>();
    const bump = (day: string, verifier: string, outcome: string) => {
      const key = JSON.stringify([day, verifier, outcome]);
      const entry = counts.get(key);
      if (entry) entry.count += 1;
      else counts.set(key, { day, verifier, outcome, count: 1 });
    };
    for (const row of gone) {
      bump(row.day, row.verifier, "started");
      if (row.outcome !== null) bump(row.day, row.verifier, row.outcome);
    }
    await tx
      .insert(ageCheckDays)
      .values([...counts.values()])
      .onConflictDoUpdate({
        target: [ageCheckDays.day, ageCheckDays.verifier, ageCheckDays.outcome],
        set: { count: sql`${ageCheckDays.count} + excluded.count` },
      });
    failpoint(AGE_ROLLUP_BEFORE_COMMIT);
    return gone.length;
  });
}

/**
 * Keeps a row per finished age check for AGE_CHECK_RETENTION_DAYS (180) days, and one never finished for a day
 * (PENDING_AGE_CHECK_KEPT_MS): older rows become daily counts per verifier and outcome (age_check_days) and are
 * deleted, a batch per transaction until none is left.
 */
export const ageChecksJob: Job = {
  name: AGE_CHECKS_JOB,
  label: "Retenção das verificações de idade",
  description:
    "Resume em contagens diárias as verificações de idade dos visitantes com mais de 180 dias (as não concluídas, após um dia).",
  intervalMs: INTERVAL_MS,
  async run({ app, now }) {
    const before = new Date(now.getTime() - AGE_CHECK_RETENTION_DAYS * DAY_MS);
    const pendingBefore = new Date(now.getTime() - PENDING_AGE_CHECK_KEPT_MS);
    let moved = 0;
    for (;;) {
      const batch = await rollUpAgeChecks(app.db, before, AGE_CHECKS_BATCH, pendingBefore);
      moved += batch;
      if (batch < AGE_CHECKS_BATCH) break;
    }
    if (moved > 0) app.log.info({ job: AGE_CHECKS_JOB, rows: moved }, "verificações de idade resumidas por dia");
  },
};
