import type { JobHealth } from "@vitrine/contracts";
import type { Db } from "../../db/client";
import { jobRuns } from "../../db/schema";
import type { Job } from "../../jobs/scheduler";

/**
 * How each of the server's scheduled jobs is doing, from job_runs (shared by every instance), in the jobs' own
 * order; a job that never ran has no run, no failure and no error.
 */
export async function loadJobHealth({
  db,
  jobs,
}: {
  db: Db;
  jobs: Pick<Job, "name" | "label">[];
}): Promise<JobHealth[]> {
  const rows = new Map((await db.select().from(jobRuns)).map((row) => [row.name, row]));
  return jobs.map(({ name, label }) => {
    const row = rows.get(name);
    return {
      name,
      label,
      last_run_at: row?.lastRunAt?.toISOString() ?? null,
      last_duration_ms: row?.lastDurationMs ?? null,
      consecutive_failures: row?.consecutiveFailures ?? 0,
      last_error: row?.lastError ?? null,
      last_error_at: row?.lastErrorAt?.toISOString() ?? null,
    };
  });
}
