import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminDashboardResponse, AdminStats } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/dashboard: the figures of the dashboard cards (revenue counts paid orders only). */
export async function getAdminDashboard(): Promise<AdminStats> {
  const { stats } = await api.get<AdminDashboardResponse>(apiPaths.admin.dashboard);
  return stats;
}

export const adminDashboardQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.dashboard(), queryFn: getAdminDashboard, staleTime: 30_000 });

export function useAdminDashboard() {
  return useQuery(adminDashboardQueryOptions());
}
