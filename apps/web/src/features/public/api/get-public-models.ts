import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { LISTING_PAGE_SIZE, type PublicModelsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { type ListingFilters, publicKeys } from "./query-keys";

/**
 * GET /api/models/public?city_id&search&page&limit: one page of visible models, featured first.
 * `background` requests (later pages while scrolling, refreshes) do not raise the top progress bar.
 */
export function getPublicModels({
  cityId,
  search,
  page = 1,
  limit = LISTING_PAGE_SIZE,
  signal,
  background = false,
}: ListingFilters & {
  page?: number;
  limit?: number;
  signal?: AbortSignal;
  background?: boolean;
}): Promise<PublicModelsResponse> {
  return api.get<PublicModelsResponse>(apiPaths.models.public, {
    query: { city_id: cityId, search, page, limit },
    signal,
    background,
  });
}

/** The listing as pages of LISTING_PAGE_SIZE, for infinite scroll. */
export const publicModelsInfiniteQueryOptions = (filters: ListingFilters) =>
  infiniteQueryOptions({
    queryKey: publicKeys.models(filters),
    queryFn: ({ pageParam, signal, client, queryKey }) =>
      getPublicModels({
        ...filters,
        page: pageParam,
        signal,
        // Only the first load of the first page is worth the progress bar; scrolling and live refreshes are quiet.
        background: pageParam > 1 || client.getQueryData(queryKey) !== undefined,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });

export function usePublicModels(filters: ListingFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...publicModelsInfiniteQueryOptions(filters), enabled });
}
