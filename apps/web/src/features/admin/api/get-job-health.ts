import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminJobsResponse, JobHealth } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/jobs: each scheduled job's last run and its failures in a row. */
export async function getJobHealth(): Promise<JobHealth[]> {
  const { jobs } = await api.get<AdminJobsResponse>(apiPaths.admin.jobs);
  return jobs;
}

/** Read again each time the dashboard opens and every minute while it stays open: jobs run on their own. */
export const jobHealthQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.jobs(), queryFn: getJobHealth, staleTime: 0, refetchInterval: 60_000 });

export function useJobHealth() {
  return useQuery(jobHealthQueryOptions());
}
