import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicSettings, PublicSettingsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { settingsKeys } from "./query-keys";

/** GET /api/settings/public: site name, description, support contacts, footer disclaimer. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { settings } = await api.get<PublicSettingsResponse>(publicApiPaths.settings.public);
  return settings;
}

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: settingsKeys.public(), queryFn: getPublicSettings });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
