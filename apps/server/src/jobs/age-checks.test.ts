import assert from "node:assert/strict";
import { beforeEach, describe, test } from "node:test";
import { count } from "drizzle-orm";
import { saoPauloMoment } from "../demo/demo-time";
import { ageCheckDays, ageChecks, jobRuns } from "../db/schema";
import { addDays, todayInSaoPaulo } from "../lib/dates";
import { buildAgeCheckDays, buildAgeChecks, readAgeAssurance } from "../test/age-checks";
import { useTestContext } from "../test/fixtures";
import {
  AGE_CHECKS_BATCH,
  AGE_CHECKS_JOB,
  ageChecksJob,
  PENDING_AGE_CHECK_KEPT_MS,
  rollUpAgeChecks,
} from "./age-checks";
import { createScheduler } from "./scheduler";

const ctx = useTestContext();
beforeEach(async () => {
  await ctx.app.db.delete(ageChecks);
  await ctx.app.db.delete(ageCheckDays);
  await ctx.app.db.delete(jobRuns);
});

const MINUTE = 60_000;
const DAY = 24 * 60 * MINUTE;
const RETENTION = 180 * DAY;

/** A scheduler of the job alone whose clock the test sets. */
function jobAt(moment: () => Date) {
  return createScheduler({ app: ctx.app, database: ctx.database, jobs: [ageChecksJob], now: moment });
}

const rowCount = async () => (await ctx.app.db.select({ n: count() }).from(ageChecks))[0]!.n;

/** age_check_days as "day verifier outcome" → count. */
async function dailyCounts(): Promise<Record<string, number>> {
  const rows = await ctx.app.db.select().from(ageCheckDays);
  return Object.fromEntries(rows.map((r) => [`${r.day} ${r.verifier} ${r.outcome}`, r.count]));
}

describe("age-checks retention job", () => {
  test("rows older than 180 days become daily counts and go; newer rows stay; the admin's counts do not move", async () => {
    const now = new Date();
    const today = todayInSaoPaulo(now);
    const d200 = addDays(today, -200);
    const d201 = addDays(today, -201);
    const justOlder = new Date(now.getTime() - RETENTION - MINUTE);
    const justNewer = new Date(now.getTime() - RETENTION + 60 * MINUTE);
    await buildAgeChecks(ctx.app.db, [
      { at: saoPauloMoment(d200, 12 * 60), verifier: "V1", outcome: "over18", count: 3 },
      { at: saoPauloMoment(d200, 12 * 60), verifier: "V1", outcome: "under18" },
      // Never answered: counted as started only.
      { at: saoPauloMoment(d200, 12 * 60), verifier: "V1", outcome: null, count: 2 },
      { at: saoPauloMoment(d200, 12 * 60), verifier: "V2", outcome: "error" },
      // A minute before São Paulo's midnight: the day before.
      { at: new Date(saoPauloMoment(d200, 0).getTime() - MINUTE), verifier: "V1", outcome: "cancelled" },
      { at: justOlder, verifier: "V1", outcome: "replayed" },
      { at: justNewer, verifier: "V1", outcome: "over18", count: 2 },
      { at: now, verifier: "V1", outcome: "over18" },
    ]);
    // What an earlier run already left of the same day: added to, not replaced.
    await buildAgeCheckDays(ctx.app.db, [
      { day: d200, verifier: "V1", outcome: "started", count: 10 },
      { day: d200, verifier: "V1", outcome: "over18", count: 10 },
    ]);
    const summaryBefore = await readAgeAssurance(ctx.app);
    assert.equal(summaryBefore.all_time.started, 22);

    let clock = now.getTime();
    const scheduler = jobAt(() => new Date(clock));
    assert.equal(await scheduler.runJob(AGE_CHECKS_JOB), "ran");

    assert.equal(await rowCount(), 3, "the rows of the last 180 days stay");
    const justOlderDay = todayInSaoPaulo(justOlder);
    const expected = {
      [`${d200} V1 started`]: 16,
      [`${d200} V1 over18`]: 13,
      [`${d200} V1 under18`]: 1,
      [`${d200} V2 started`]: 1,
      [`${d200} V2 error`]: 1,
      [`${d201} V1 started`]: 1,
      [`${d201} V1 cancelled`]: 1,
      [`${justOlderDay} V1 started`]: 1,
      [`${justOlderDay} V1 replayed`]: 1,
    };
    assert.deepEqual(await dailyCounts(), expected);
    assert.deepEqual(await readAgeAssurance(ctx.app), summaryBefore, "every count is kept");

    // Run again at its next tick: nothing more is older, nothing moves.
    clock += ageChecksJob.intervalMs / 2;
    assert.equal(await scheduler.runJob(AGE_CHECKS_JOB), "ran");
    assert.equal(await rowCount(), 3);
    assert.deepEqual(await dailyCounts(), expected);
    assert.deepEqual(await readAgeAssurance(ctx.app), summaryBefore);
  });

  test("a check never finished is kept at most a day (as a count after that); finished ones stay the 180 days", async () => {
    const now = new Date();
    const HOUR = 60 * MINUTE;
    // Pending for a day less a run's interval and a minute: the run after the next would find it a day old.
    const staleAt = new Date(now.getTime() - PENDING_AGE_CHECK_KEPT_MS - MINUTE);
    const freshAt = new Date(now.getTime() - PENDING_AGE_CHECK_KEPT_MS + MINUTE);
    const twoDays = new Date(now.getTime() - 2 * DAY);
    await buildAgeChecks(ctx.app.db, [
      { at: staleAt, verifier: "V1", outcome: null, count: 3 },
      { at: twoDays, verifier: "V2", outcome: null },
      { at: freshAt, verifier: "V1", outcome: null },
      // Finished ones of the same moments stay.
      { at: staleAt, verifier: "V1", outcome: "over18", count: 2 },
      { at: twoDays, verifier: "V2", outcome: "cancelled" },
      { at: now, verifier: "V1", outcome: null },
    ]);
    const summaryBefore = await readAgeAssurance(ctx.app);
    assert.equal(summaryBefore.all_time.started, 9);

    let clock = now.getTime();
    const scheduler = jobAt(() => new Date(clock));
    assert.equal(await scheduler.runJob(AGE_CHECKS_JOB), "ran");
    const left = await ctx.app.db.select({ outcome: ageChecks.outcome, at: ageChecks.createdAt }).from(ageChecks);
    assert.equal(left.length, 5, "the 4 pending rows older than a day less an hour went");
    assert.equal(left.filter((row) => row.outcome === null).length, 2);
    assert.ok(left.filter((row) => row.outcome === null).every((row) => now.getTime() - row.at.getTime() < DAY - HOUR));
    assert.deepEqual(await dailyCounts(), {
      [`${todayInSaoPaulo(staleAt)} V1 started`]: 3,
      [`${todayInSaoPaulo(twoDays)} V2 started`]: 1,
    });
    assert.deepEqual(await readAgeAssurance(ctx.app), summaryBefore, "every count is kept");

    // The next run, an hour on: the one that was still fresh is now gone too; none was ever kept a day.
    clock += ageChecksJob.intervalMs;
    assert.equal(await scheduler.runJob(AGE_CHECKS_JOB), "ran");
    assert.equal(await rowCount(), 4);
    assert.equal((await readAgeAssurance(ctx.app)).all_time.started, 9);
  });

  test("more rows than a batch: every one goes, each counted once", async () => {
    const now = new Date();
    const day = addDays(todayInSaoPaulo(now), -190);
    await buildAgeChecks(ctx.app.db, [
      { at: saoPauloMoment(day, 10 * 60), verifier: "V1", outcome: "over18", count: AGE_CHECKS_BATCH + 3 },
    ]);
    assert.equal(await jobAt(() => now).runJob(AGE_CHECKS_JOB), "ran");
    assert.equal(await rowCount(), 0);
    assert.deepEqual(await dailyCounts(), {
      [`${day} V1 started`]: AGE_CHECKS_BATCH + 3,
      [`${day} V1 over18`]: AGE_CHECKS_BATCH + 3,
    });
  });

  test("two instances at once: the job lock lets one run; even two roll-ups racing count each row once", async () => {
    const now = new Date();
    const day = addDays(todayInSaoPaulo(now), -185);
    const at = saoPauloMoment(day, 15 * 60);
    await buildAgeChecks(ctx.app.db, [
      { at, verifier: "V1", outcome: "over18", count: 40 },
      { at, verifier: "V1", outcome: "under18", count: 7 },
    ]);
    const outcomes = await Promise.all([
      jobAt(() => now).runJob(AGE_CHECKS_JOB),
      jobAt(() => now).runJob(AGE_CHECKS_JOB),
    ]);
    assert.equal(outcomes.filter((o) => o === "ran").length, 1, outcomes.join());
    assert.ok(
      outcomes.every((o) => ["ran", "locked", "not_due"].includes(o)),
      outcomes.join(),
    );
    assert.deepEqual(await dailyCounts(), {
      [`${day} V1 started`]: 47,
      [`${day} V1 over18`]: 40,
      [`${day} V1 under18`]: 7,
    });

    // Without the lock (small batches, two loops at once): still each row once.
    await buildAgeChecks(ctx.app.db, [{ at, verifier: "V2", outcome: "error", count: 30 }]);
    const before = new Date(now.getTime() - RETENTION);
    const drain = async () => {
      let moved = 0;
      let batch: number;
      do {
        batch = await rollUpAgeChecks(ctx.app.db, before, 4);
        moved += batch;
      } while (batch > 0);
      return moved;
    };
    const moved = await Promise.all([drain(), drain(), drain()]);
    assert.equal(moved[0]! + moved[1]! + moved[2]!, 30, `moved ${moved.join()}`);
    assert.equal(await rowCount(), 0);
    assert.deepEqual(await dailyCounts(), {
      [`${day} V1 started`]: 47,
      [`${day} V1 over18`]: 40,
      [`${day} V1 under18`]: 7,
      [`${day} V2 started`]: 30,
      [`${day} V2 error`]: 30,
    });
  });
});
