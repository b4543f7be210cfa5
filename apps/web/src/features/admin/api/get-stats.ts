import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminStatsResponse, StatsPeriod } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/stats?days: the cards and every chart of the statistics page, over the period. */
export function getStats(days: StatsPeriod): Promise<AdminStatsResponse> {
  return api.get<AdminStatsResponse>(apiPaths.admin.stats, { query: { days } });
}

export const statsQueryOptions = (days: StatsPeriod) =>
  queryOptions({
    queryKey: adminKeys.stats(days),
    queryFn: () => getStats(days),
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });

export function useStats(days: StatsPeriod) {
  return useQuery(statsQueryOptions(days));
}
