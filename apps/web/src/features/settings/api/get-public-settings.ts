import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicSettings } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** GET /api/settings/public: site name, description, support contacts, footer disclaimer. */
export async function getPublicSettings(): Promise<PublicSettings> {
  const { settings } = await api.get<{ settings: PublicSettings }>(apiPaths.settings.public);
  return settings;
}

export const publicSettingsQueryOptions = () =>
  queryOptions({ queryKey: ["settings", "public"], queryFn: getPublicSettings });

export function usePublicSettings() {
  return useQuery(publicSettingsQueryOptions());
}
