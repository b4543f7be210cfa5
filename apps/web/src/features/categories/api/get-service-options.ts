import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicServiceOptionsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

/** Query key of the admin's list of service names as everyone reads it. */
export const serviceOptionsKey = () => queryScope("public", "service-options");

/** GET /api/service-options: the service names the admin keeps, alphabetical (the editor's and the filter's). */
export const serviceOptionsQueryOptions = () =>
  queryOptions({
    queryKey: serviceOptionsKey(),
    queryFn: async () => (await api.get<PublicServiceOptionsResponse>(apiPaths.serviceOptions)).options,
    staleTime: 5 * 60_000,
  });

export function useServiceOptions() {
  return useQuery(serviceOptionsQueryOptions());
}
