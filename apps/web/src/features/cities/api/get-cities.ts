import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CitiesResponse, City } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { cityKeys } from "./query-keys";

/** GET /api/cities?state: cities that have visible models (with models_count), alphabetical. */
export async function getCities({ state }: { state: string | null }): Promise<City[]> {
  const { cities } = await api.get<CitiesResponse>(publicApiPaths.cities.list, {
    query: { state },
    background: true,
  });
  return cities;
}

export const citiesQueryOptions = ({ state }: { state: string | null }) =>
  queryOptions({ queryKey: cityKeys.list(state), queryFn: () => getCities({ state }) });

export function useCities({ state, enabled = true }: { state: string | null; enabled?: boolean }) {
  return useQuery({ ...citiesQueryOptions({ state }), enabled });
}
