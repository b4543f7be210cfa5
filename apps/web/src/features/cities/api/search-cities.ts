import { queryOptions, useQuery } from "@tanstack/react-query";
import { type CitiesResponse, type City, CITY_SEARCH_MIN_CHARS, slugify } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { cityKeys } from "./query-keys";

/**
 * GET /api/cities/search?q: cities by name (accent-insensitive, cities with models first).
 * A failed search empties the results silently, so this never rejects.
 */
export async function searchCities(q: string, signal?: AbortSignal): Promise<City[]> {
  try {
    const { cities } = await api.get<CitiesResponse>(publicApiPaths.cities.search, {
      query: { q },
      signal,
      background: true,
    });
    return cities;
  } catch (err) {
    if (signal?.aborted) throw err;
    return [];
  }
}

export const citySearchQueryOptions = (q: string) =>
  queryOptions({
    queryKey: cityKeys.search(q),
    queryFn: ({ signal }) => searchCities(q, signal),
    staleTime: 60_000,
  });

/** Runs only for CITY_SEARCH_MIN_CHARS+ trimmed characters. */
export function useCitySearch(q: string) {
  const term = q.trim();
  return useQuery({ ...citySearchQueryOptions(term), enabled: term.length >= CITY_SEARCH_MIN_CHARS });
}

/**
 * The city called `name` through the same search, compared accent- and case-insensitively ("sao paulo" is São
 * Paulo): the first exact match with models, else the first exact match; null when there is none.
 */
export function useCityNamed(name: string | null) {
  const term = name?.trim() ?? "";
  return useQuery({
    ...citySearchQueryOptions(term),
    enabled: term.length >= CITY_SEARCH_MIN_CHARS,
    select: (cities): City | null => {
      const same = cities.filter((c) => slugify(c.name) === slugify(term));
      return same.find((c) => c.models_count > 0) ?? same[0] ?? null;
    },
  });
}
