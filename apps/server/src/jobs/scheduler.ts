import { performance } from "node:perf_hooks";
import { eq, sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { jobRuns } from "../db/schema";
import { shorten } from "../lib/text";

/** What a job remembers between runs (stored as JSON in job_runs.state). */
export type JobState = Record<string, unknown>;

export type JobContext = {
  app: FastifyInstance;
  /** The moment of this run, from the scheduler's clock: a job never reads the time any other way. */
  now: Date;
  /** What the last successful run returned ({} the first time). */
  state: JobState;
};

export type Job = {
  /** Unique; names the advisory lock and the job_runs row. */
  name: string;
  /** What the admin dashboard calls it, in Portuguese ("Conciliação com o Mercado Pago"). */
  label: string;
  /** What it does, in one Portuguese sentence for the admin's "Tarefas agendadas" screen. */
  description: string;
  intervalMs: number;
  /** Returns the state to remember, or nothing to keep the previous one. */
  run: (context: JobContext) => Promise<JobState | void>;
};

/** The longest failure message job_runs keeps: a job's error message, never its stack trace. */
export const JOB_ERROR_MAX_LENGTH = 300;

/** What job_runs keeps of a failure: the error's own message, shortened; never its stack trace. */
export function jobErrorMessage(err: unknown): string {
  const message = (err instanceof Error ? err.message : String(err)).trim();
  return shorten(message || "Erro sem mensagem", JOB_ERROR_MAX_LENGTH);
}

/**
 * ran: the job ran and its run was recorded; failed: it threw (logged); locked: another holder (an instance, or
 * this one) was running it; not_due: another instance ran it less than half an interval ago; stopped.
 */
export type RunOutcome = "ran" | "failed" | "locked" | "not_due" | "stopped";

export type Scheduler = {
  /** Starts a timer per job: the first run after `startDelayMs`, each next one an interval after the last ended. */
  start(): void;
  /** Clears the timers and waits for the runs in progress; later runs answer "stopped". */
  stop(): Promise<void>;
  /** Runs one job now (the timers' path too): under its lock, unless another instance ran it very recently. */
  runJob(name: string): Promise<RunOutcome>;
  /** Runs every job once, one after the other, whatever the others do. */
  runAll(): Promise<Record<string, RunOutcome>>;
};

export type SchedulerOptions = {
  app: FastifyInstance;
  database: Pick<Database, "withAdvisoryLock">;
  jobs: Job[];
  /** The clock: tests move it, the server uses the real time. */
  now?: () => Date;
  /** Delay before the first runs after start(), so that start-up work is over (default 5 s). */
  startDelayMs?: number;
};

/**
 * Runs periodic jobs on every server instance, each run at most once at a time across all of them: a run holds
 * the database advisory lock named after the job and skips when another holder has it. A run of a job never
 * overlaps the previous one (the next is scheduled when the last ends). job_runs records when each job last ran
 * and what it remembers, so a restart or another instance carries on from there; an instance whose tick comes
 * less than half an interval after another instance's run skips it, so the work is done about once per interval
 * however many instances there are. A job that throws is logged, counted in job_runs (failures in a row, the last
 * error's message and moment, for the admin dashboard) and retried at its next tick; it never stops the process
 * or the other jobs. Every run records how long it took; a successful one sets the failures in a row back to 0.
 */
export function createScheduler({
  app,
  database,
  jobs,
  now = () => new Date(),
  startDelayMs = 5000,
}: SchedulerOptions): Scheduler {
  const byName = new Map(jobs.map((job) => [job.name, job]));
  if (byName.size !== jobs.length) throw new Error("Nomes de jobs repetidos");
  const timers = new Map<string, NodeJS.Timeout>();
  const running = new Map<string, Promise<RunOutcome>>();
  let started = false;
  let stopped = false;

  async function runLocked(job: Job): Promise<RunOutcome> {
    const locked = await database.withAdvisoryLock(`job:${job.name}`, async (): Promise<RunOutcome> => {
      const at = now();
      const [row] = await app.db.select().from(jobRuns).where(eq(jobRuns.name, job.name));
      if (row?.lastRunAt && at.getTime() - row.lastRunAt.getTime() < job.intervalMs / 2) return "not_due";
      const previous = (row?.state ?? {}) as JobState;
      const started = performance.now();
      const elapsed = () => Math.round(performance.now() - started);
      let state: JobState;
      try {
        state = (await job.run({ app, now: at, state: previous })) ?? previous;
      } catch (err) {
        await recordFailure(job, at, elapsed(), err);
        throw err;
      }
      const success = { lastRunAt: at, state, lastDurationMs: elapsed(), consecutiveFailures: 0 };
      await app.db
        .insert(jobRuns)
        .values({ name: job.name, ...success })
        .onConflictDoUpdate({ target: jobRuns.name, set: success });
      return "ran";
    });
    return locked.acquired ? locked.value : "locked";
  }

  /**
   * A failed run counts one more failure in a row and keeps its message and moment (the last successful run and
   * the state stay). Recorded under the job's lock, so every instance sees one count. A failure to record it is
   * logged; the job's own error is what the caller gets.
   */
  async function recordFailure(job: Job, at: Date, lastDurationMs: number, err: unknown) {
    const failure = { lastError: jobErrorMessage(err), lastErrorAt: at, lastDurationMs };
    try {
      await app.db
        .insert(jobRuns)
        .values({ name: job.name, consecutiveFailures: 1, ...failure })
        .onConflictDoUpdate({
          target: jobRuns.name,
          set: { consecutiveFailures: sql`${jobRuns.consecutiveFailures} + 1`, ...failure },
        });
    } catch (recordErr) {
      app.log.error({ err: recordErr, job: job.name }, `falha ao registrar a falha do job ${job.name}`);
    }
  }

  function runJob(name: string): Promise<RunOutcome> {
    const job = byName.get(name);
    if (!job) return Promise.reject(new Error(`Job desconhecido: ${name}`));
    if (stopped) return Promise.resolve("stopped");
    // This instance never runs a job twice at once: a second call joins the run in progress.
    const inProgress = running.get(name);
    if (inProgress) return inProgress;
    const run = runLocked(job)
      .catch((err: unknown): RunOutcome => {
        app.log.error({ err, job: name }, `falha no job ${name}`);
        return "failed";
      })
      .finally(() => running.delete(name));
    running.set(name, run);
    return run;
  }

  function schedule(job: Job, delayMs: number) {
    if (stopped) return;
    const timer = setTimeout(() => {
      void runJob(job.name).then(() => schedule(job, job.intervalMs));
    }, delayMs);
    timer.unref();
    timers.set(job.name, timer);
  }

  return {
    start() {
      if (started || stopped) return;
      started = true;
      for (const job of jobs) schedule(job, startDelayMs);
    },
    async stop() {
      stopped = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.all(running.values());
    },
    runJob,
    async runAll() {
      const outcomes: Record<string, RunOutcome> = {};
      for (const job of jobs) outcomes[job.name] = await runJob(job.name);
      return outcomes;
    },
  };
}
