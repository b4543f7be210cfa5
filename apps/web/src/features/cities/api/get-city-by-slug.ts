import { queryOptions, useQuery } from "@tanstack/react-query";
import type { City, CityResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { cityKeys } from "./query-keys";

/** GET /api/cities/by-slug/{slug} ("sao-paulo-sp"): the city of a /cidade/{slug} route; 404 if unknown. */
export async function getCityBySlug(slug: string): Promise<City> {
  const { city } = await api.get<CityResponse>(publicApiPaths.cities.bySlug(slug));
  return city;
}

export const cityBySlugQueryOptions = (slug: string) =>
  queryOptions({ queryKey: cityKeys.bySlug(slug), queryFn: () => getCityBySlug(slug) });

/** Disabled while there is no slug. An unknown city from the server's render is not asked again on hydration. */
export function useCityBySlug(slug: string | null | undefined) {
  return useQuery({ ...cityBySlugQueryOptions(slug ?? ""), enabled: !!slug, retryOnMount: false });
}
