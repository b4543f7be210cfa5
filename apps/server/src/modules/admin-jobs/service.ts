import type { JobHealth } from "@vitrine/contracts";
import type { Db } from "../../db/client";
import { jobRuns } from "../../db/schema";
import type { Job } from "../../jobs/scheduler";

/**
 * How each of the server's scheduled jobs is doing, from job_runs (shared by every instance), in the jobs' own
 * order; a job that never ran has no run, no failure and no error. The last run is the failed one while failures
 * in a row are counted (the scheduler keeps the last success's moment through them), else the last success; its
 * end is its start plus the last duration, and the next run comes an interval after that end.
 */
export async function loadJobHealth({
  db,
  jobs,
}: {
  db: Db;
  jobs: Pick<Job, "name" | "label" | "description" | "intervalMs">[];
}): Promise<JobHealth[]> {
  const rows = new Map((await db.select().from(jobRuns)).map((row) => [row.name, row]));
  return jobs.map(({ name, label, description, intervalMs }) => {
    const row = rows.get(name);
    const failed = (row?.consecutiveFailures ?? 0) > 0;
    const startedAt = (failed ? row?.lastErrorAt : row?.lastRunAt) ?? null;
    const finishedAt = startedAt ? new Date(startedAt.getTime() + (row?.lastDurationMs ?? 0)) : null;
    return {
      name,
      label,
      description,
      interval_ms: intervalMs,
      last_run_at: row?.lastRunAt?.toISOString() ?? null,
      last_duration_ms: row?.lastDurationMs ?? null,
      consecutive_failures: row?.consecutiveFailures ?? 0,
      last_error: row?.lastError ?? null,
      last_error_at: row?.lastErrorAt?.toISOString() ?? null,
      last_result: startedAt ? (failed ? "failed" : "ok") : null,
      last_started_at: startedAt?.toISOString() ?? null,
      last_finished_at: finishedAt?.toISOString() ?? null,
      next_run_at: finishedAt ? new Date(finishedAt.getTime() + intervalMs).toISOString() : null,
    };
  });
}
