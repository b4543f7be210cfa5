import { queryOptions, useQueries } from "@tanstack/react-query";
import type { City, ModelCard, PublicModelsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { cityKeys } from "./query-keys";

/** At most this many cities of a search get a preview. */
export const CITY_PREVIEW_MAX = 10;

/**
 * GET /api/models/public?city_id={id}&limit=1: the first model of a city, used as its preview when it has a
 * primary photo. Failures count as "no preview" (the search box fails silently).
 */
export async function getCityPreview(cityId: number): Promise<ModelCard | null> {
  try {
    const { models } = await api.get<PublicModelsResponse>(publicApiPaths.models.public, {
      query: { city_id: cityId, limit: 1 },
      background: true,
    });
    const first = models[0];
    return first?.primary_photo ? first : null;
  } catch {
    return null;
  }
}

export const cityPreviewQueryOptions = (cityId: number) =>
  queryOptions({ queryKey: cityKeys.preview(cityId), queryFn: () => getCityPreview(cityId), staleTime: 60_000 });

export type CityPreview = { city: City; model: ModelCard };

/**
 * Previews of the first CITY_PREVIEW_MAX cities with visible models, loaded in parallel, in the search's order.
 * Cities without visible models are not asked for (they cannot have one).
 */
export function useCityPreviews(cities: City[]): { previews: CityPreview[]; isLoading: boolean } {
  const candidates = cities.filter((c) => c.models_count > 0).slice(0, CITY_PREVIEW_MAX);
  return useQueries({
    queries: candidates.map((c) => cityPreviewQueryOptions(c.id)),
    combine: (results) => ({
      isLoading: results.some((r) => r.isPending),
      previews: results.flatMap((r, i) => (r.data ? [{ city: candidates[i], model: r.data }] : [])),
    }),
  });
}
