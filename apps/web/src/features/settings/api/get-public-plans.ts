import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicPlan, PublicPlansResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { settingsKeys } from "./query-keys";

/** GET /api/settings/public/plans. a load failure falls back to an empty list. */
export async function getPublicPlans(): Promise<PublicPlan[]> {
  try {
    const { plans } = await api.get<PublicPlansResponse>(apiPaths.settings.publicPlans, {
      background: true,
    });
    return plans ?? [];
  } catch {
    return [];
  }
}

export const publicPlansQueryOptions = () => queryOptions({ queryKey: settingsKeys.plans(), queryFn: getPublicPlans });

export function usePublicPlans({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...publicPlansQueryOptions(), enabled });
}
