import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminSetting, AdminSettingsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/settings: every setting row; secrets come masked ("••••1234"). */
export async function getSettings(): Promise<AdminSetting[]> {
  const { settings } = await api.get<AdminSettingsResponse>(apiPaths.admin.settings);
  return settings;
}

export const settingsQueryOptions = () => queryOptions({ queryKey: adminKeys.settings(), queryFn: getSettings });

export function useAdminSettings() {
  return useQuery(settingsQueryOptions());
}
