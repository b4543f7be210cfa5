import assert from "node:assert/strict";
import { setTimeout as sleep } from "node:timers/promises";
import { beforeEach, describe, test } from "node:test";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { jobRuns } from "../db/schema";
import { useTestContext } from "../test/fixtures";
import { serverJobs, startJobs } from "./index";
import { createScheduler, JOB_ERROR_MAX_LENGTH, type Job, type JobContext, jobErrorMessage } from "./scheduler";

const ctx = useTestContext();
beforeEach(async () => {
  await ctx.app.db.delete(jobRuns);
});

/** A clock the test moves by hand. */
function manualClock(start = new Date("2026-11-20T15:00:00Z")) {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms: number) => void (current += ms),
  };
}

/** A promise the test resolves when it chooses. */
function gate() {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  return { opened, open };
}

/** The app with its logger replaced, so a test can read what was logged. */
function withCapturedErrors(app: FastifyInstance) {
  const errors: { obj: Record<string, unknown>; msg: string }[] = [];
  const log = { ...app.log, error: (obj: Record<string, unknown>, msg: string) => errors.push({ obj, msg }) };
  const proxied = new Proxy(app, {
    get: (target, prop) => (prop === "log" ? log : Reflect.get(target, prop, target)),
  });
  return { app: proxied, errors };
}

const MINUTE = 60_000;

describe("scheduler", () => {
  test("each run is recorded in job_runs with the state the job returns, which the next run receives", async () => {
    const clock = manualClock();
    const seen: JobContext["state"][] = [];
    const job: Job = {
      name: "counter",
      label: "Teste",
      description: "Teste",
      intervalMs: MINUTE,
      async run({ state, now }) {
        seen.push(state);
        assert.equal(now.getTime(), clock.now().getTime());
        return { count: Number(state.count ?? 0) + 1 };
      },
    };
    const scheduler = createScheduler({ app: ctx.app, database: ctx.database, jobs: [job], now: clock.now });
    assert.equal(await scheduler.runJob("counter"), "ran");
    clock.advance(MINUTE);
    assert.equal(await scheduler.runJob("counter"), "ran");
    assert.deepEqual(seen, [{}, { count: 1 }]);
    const [row] = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, "counter"));
    assert.deepEqual(row.state, { count: 2 });
    assert.equal(row.lastRunAt?.getTime(), clock.now().getTime());
  });

  test("a job that returns nothing keeps its state", async () => {
    const clock = manualClock();
    let calls = 0;
    const jobs: Job[] = [
      {
        name: "keeps",
        label: "Teste",
        description: "Teste",
        intervalMs: MINUTE,
        run: async () => (calls++ === 0 ? { kept: "sim" } : undefined),
      },
    ];
    const scheduler = createScheduler({ app: ctx.app, database: ctx.database, jobs, now: clock.now });
    await scheduler.runJob("keeps");
    clock.advance(MINUTE);
    await scheduler.runJob("keeps");
    const [row] = await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, "keeps"));
    assert.deepEqual(row.state, { kept: "sim" });
  });

  test("two schedulers on one database: while one runs a job the other skips it (advisory lock)", async () => {
    const clock = manualClock();
    const release = gate();
    const started = gate();
    let runs = 0;
    const job: Job = {
      name: "exclusive",
      label: "Teste",
      description: "Teste",
      intervalMs: MINUTE,
      async run() {
        runs += 1;
        started.open();
        await release.opened;
      },
    };
    const first = createScheduler({ app: ctx.app, database: ctx.database, jobs: [job], now: clock.now });
    const second = createScheduler({ app: ctx.app, database: ctx.database, jobs: [job], now: clock.now });
    const running = first.runJob("exclusive");
    await started.opened;
    if (ctx.database.kind === "postgres") {
      // A real session advisory lock, held on a connection of its own while the job runs (and no transaction).
      // drizzle's postgres-js driver answers raw SQL with the row array itself.
      const rows = (await ctx.app.db.execute(
        sql`SELECT count(*)::int AS n FROM pg_locks
            WHERE locktype = 'advisory' AND granted
              AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
      )) as unknown as { n: number }[];
      const [held] = rows;
      assert.equal(held?.n, 1);
    }
    assert.equal(await second.runJob("exclusive"), "locked");
    assert.equal(await second.runJob("exclusive"), "locked");
    release.open();
    assert.equal(await running, "ran");
    assert.equal(runs, 1);

    // The lock is free again; the other instance skips the run it would repeat within half an interval...
    clock.advance(MINUTE / 4);
    assert.equal(await second.runJob("exclusive"), "not_due");
    // ...and runs the next one.
    clock.advance(MINUTE);
    assert.equal(await second.runJob("exclusive"), "ran");
    assert.equal(runs, 2);
  });

  test("one scheduler never runs a job twice at once: a second call joins the run in progress", async () => {
    const release = gate();
    let runs = 0;
    const job: Job = {
      name: "single",
      label: "Teste",
      description: "Teste",
      intervalMs: MINUTE,
      async run() {
        runs += 1;
        await release.opened;
      },
    };
    const scheduler = createScheduler({ app: ctx.app, database: ctx.database, jobs: [job] });
    const a = scheduler.runJob("single");
    const b = scheduler.runJob("single");
    release.open();
    assert.deepEqual(await Promise.all([a, b]), ["ran", "ran"]);
    assert.equal(runs, 1);
  });

  test(
    "more jobs at once than database connections: each holds its lock and still gets connections for its work",
    {
      timeout: 30_000,
    },
    async () => {
      // A server's first tick starts every job together; the test database has 4 connections.
      const jobs: Job[] = Array.from({ length: 8 }, (_, i) => ({
        name: `together-${i}`,
        label: "Teste",
        description: "Teste",
        intervalMs: MINUTE,
        async run({ app }) {
          await app.db.select().from(jobRuns);
        },
      }));
      const scheduler = createScheduler({ app: ctx.app, database: ctx.database, jobs });
      const outcomes = await Promise.all(jobs.map((job) => scheduler.runJob(job.name)));
      assert.deepEqual(outcomes, Array(jobs.length).fill("ran"));
    },
  );

  test("a failing job is logged, not recorded as run, retried next time; the next job still runs", async () => {
    const clock = manualClock();
    const { app, errors } = withCapturedErrors(ctx.app);
    let okRuns = 0;
    const jobs: Job[] = [
      {
        name: "broken",
        label: "Teste",
        description: "Teste",
        intervalMs: MINUTE,
        run: async () => {
          throw new Error("banco fora do ar");
        },
      },
      { name: "fine", label: "Teste", description: "Teste", intervalMs: MINUTE, run: async () => void (okRuns += 1) },
    ];
    const scheduler = createScheduler({ app, database: ctx.database, jobs, now: clock.now });
    assert.deepEqual(await scheduler.runAll(), { broken: "failed", fine: "ran" });
    assert.equal(okRuns, 1);
    assert.equal(errors.length, 1);
    assert.equal(errors[0]?.obj.job, "broken");
    assert.match(String(errors[0]?.obj.err), /banco fora do ar/);
    const rows = await ctx.app.db.select().from(jobRuns).orderBy(jobRuns.name);
    assert.deepEqual(
      rows.map((r) => [r.name, r.lastRunAt?.getTime() ?? null, r.consecutiveFailures]),
      [
        ["broken", null, 1],
        ["fine", clock.now().getTime(), 0],
      ],
    );
    // Not recorded as run: the very next tick tries again (no "not_due"), and the lock was released.
    assert.equal(await scheduler.runJob("broken"), "failed");
    assert.equal(errors.length, 2);
  });

  test("failures in a row are counted with the last message (shortened, no stack) and moment; a success resets the count", async () => {
    const clock = manualClock();
    const { app } = withCapturedErrors(ctx.app);
    let failing = true;
    const long = `Mercado Pago inacessível ${"x".repeat(JOB_ERROR_MAX_LENGTH)}`;
    const job: Job = {
      name: "flaky",
      label: "Teste",
      description: "Teste",
      intervalMs: MINUTE,
      async run() {
        if (failing) throw new Error(long);
        return { ok: true };
      },
    };
    const scheduler = createScheduler({ app, database: ctx.database, jobs: [job], now: clock.now });
    const row = async () => (await ctx.app.db.select().from(jobRuns).where(eq(jobRuns.name, "flaky")))[0]!;
    for (const n of [1, 2, 3]) {
      clock.advance(MINUTE);
      assert.equal(await scheduler.runJob("flaky"), "failed");
      const after = await row();
      assert.equal(after.consecutiveFailures, n);
      assert.equal(after.lastErrorAt?.getTime(), clock.now().getTime());
      assert.equal(typeof after.lastDurationMs, "number");
    }
    const failed = await row();
    assert.equal(failed.lastError, `${long.slice(0, JOB_ERROR_MAX_LENGTH)}…`);
    assert.doesNotMatch(failed.lastError ?? "", /\n|\bat /, "the message only, never the stack");
    assert.equal(failed.lastRunAt, null);

    failing = false;
    clock.advance(MINUTE);
    assert.equal(await scheduler.runJob("flaky"), "ran");
    const recovered = await row();
    assert.equal(recovered.consecutiveFailures, 0);
    assert.equal(recovered.lastRunAt?.getTime(), clock.now().getTime());
    assert.ok(recovered.lastDurationMs !== null && recovered.lastDurationMs >= 0);
    assert.deepEqual(recovered.state, { ok: true });
    assert.equal(recovered.lastError, failed.lastError, "the last error stays on record");

    failing = true;
    clock.advance(MINUTE);
    assert.equal(await scheduler.runJob("flaky"), "failed");
    assert.equal((await row()).consecutiveFailures, 1, "counting starts again after a success");
    assert.deepEqual((await row()).state, { ok: true }, "a failure keeps the state");
  });

  test("a thrown non-Error is kept as text; an empty message is named", () => {
    assert.equal(jobErrorMessage("tempo esgotado"), "tempo esgotado");
    assert.equal(jobErrorMessage(new Error("   ")), "Erro sem mensagem");
  });

  test("start() runs each job by its timer; stop() clears the timers and waits for the run in progress", async () => {
    let ticks = 0;
    let inRun = gate();
    let release = gate();
    const job: Job = {
      name: "ticking",
      label: "Teste",
      description: "Teste",
      intervalMs: 20,
      async run() {
        ticks += 1;
        inRun.open();
        await release.opened;
      },
    };
    const scheduler = createScheduler({ app: ctx.app, database: ctx.database, jobs: [job], startDelayMs: 0 });
    scheduler.start();
    await inRun.opened;
    // A run in progress holds the next one back: runs never overlap.
    await sleep(80);
    assert.equal(ticks, 1);
    inRun = gate();
    const firstRelease = release;
    release = gate();
    firstRelease.open();
    await inRun.opened;
    assert.equal(ticks, 2);

    let stopped = false;
    const stopping = scheduler.stop().then(() => (stopped = true));
    await sleep(30);
    assert.equal(stopped, false, "stop() waits for the run in progress");
    release.open();
    await stopping;
    await sleep(80);
    assert.equal(ticks, 2, "no run after stop()");
    assert.equal(await scheduler.runJob("ticking"), "stopped");
  });

  test("the server's jobs; the storage sweep only with an interval; JOBS_ENABLED off starts nothing", async () => {
    assert.deepEqual(
      serverJobs({ storageSweepIntervalMs: 15 * MINUTE }).map((j) => [j.name, j.intervalMs]),
      [
        ["plan-expiry", MINUTE],
        ["expire-pending", MINUTE],
        ["reconcile", 5 * MINUTE],
        ["cleanup", 10 * MINUTE],
        ["age-checks", 60 * MINUTE],
        ["moderation-evidence", 60 * MINUTE],
        ["verification", 10 * MINUTE],
        ["photo-fingerprints", MINUTE],
        ["mail-outbox", MINUTE / 2],
        ["availability-end", MINUTE / 2],
        ["boosts", MINUTE],
        ["storage-sweep", 15 * MINUTE],
      ],
    );
    assert.deepEqual(
      serverJobs({ storageSweepIntervalMs: 0 }).map((j) => j.name),
      [
        "plan-expiry",
        "expire-pending",
        "reconcile",
        "cleanup",
        "age-checks",
        "moderation-evidence",
        "verification",
        "photo-fingerprints",
        "mail-outbox",
        "availability-end",
        "boosts",
      ],
    );
    assert.equal(ctx.config.jobsEnabled, false);
    assert.equal(startJobs({ app: ctx.app, database: ctx.database }), null);
  });
});
