import { queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminOnboardingResponse, OnboardingStep } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/onboarding: the "Primeiros passos" of the site, each done or not, as the data says. */
export async function getOnboarding(): Promise<OnboardingStep[]> {
  const { steps } = await api.get<AdminOnboardingResponse>(apiPaths.admin.onboarding);
  return steps;
}

/** Read again each time the dashboard opens: the steps are done on other screens. */
export const onboardingQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.onboarding(), queryFn: getOnboarding, staleTime: 0 });

export function useOnboarding() {
  return useQuery(onboardingQueryOptions());
}
