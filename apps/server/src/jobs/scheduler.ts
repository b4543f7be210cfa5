import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/client";
import { jobRuns } from "../db/schema";

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
  intervalMs: number;
  /** Returns the state to remember, or nothing to keep the previous one. */
  run: (context: JobContext) => Promise<JobState | void>;
};

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
 * however many instances there are. A job that throws is logged and retried at its next tick; it never stops the
 * process or the other jobs.
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
      const state = (await job.run({ app, now: at, state: previous })) ?? previous;
      await app.db
        .insert(jobRuns)
        .values({ name: job.name, lastRunAt: at, state })
        .onConflictDoUpdate({ target: jobRuns.name, set: { lastRunAt: at, state } });
      return "ran";
    });
    return locked.acquired ? locked.value : "locked";
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
