import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminModelChartsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/models/charts: top 10 by views, models by city and by category, registrations per day. */
export function getModelCharts(): Promise<AdminModelChartsResponse> {
  return api.get<AdminModelChartsResponse>(apiPaths.admin.modelsCharts, { background: true });
}

export const modelChartsQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.modelCharts(), queryFn: getModelCharts, staleTime: 60_000 });

export function useModelCharts() {
  return useQuery(modelChartsQueryOptions());
}
