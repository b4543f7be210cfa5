import { keepPreviousData, useQuery } from "@tanstack/react-query";
import type { AnalyticsPeriod, AnalyticsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

/** Query keys of her analytics (private, as the profile's: dropped on sign-in and sign-out). */
export const analyticsKeys = {
  period: (days: AnalyticsPeriod) => [...queryScope("me", "analytics"), days] as const,
};

/** GET /api/models/analytics?dias=…: her figures per day over the period, per photo, and her city's median. */
export function useAnalytics(days: AnalyticsPeriod) {
  return useQuery({
    queryKey: analyticsKeys.period(days),
    queryFn: () => api.get<AnalyticsResponse>(`${apiPaths.models.analytics}?dias=${days}`),
    // The figures arrive in batches every few seconds: a minute-old answer is as good.
    staleTime: 60_000,
    placeholderData: keepPreviousData,
  });
}
