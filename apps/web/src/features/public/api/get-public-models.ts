import { infiniteQueryOptions, useInfiniteQuery } from "@tanstack/react-query";
import { LISTING_PAGE_SIZE, type PublicModelsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { type ListingFilters, publicKeys } from "./query-keys";

/**
 * GET /api/models/public?city_id&search&page&limit: one page of visible models, featured first.
 * Later pages load while the visitor scrolls, so they do not raise the global loading overlay.
 */
export function getPublicModels({
  cityId,
  search,
  page = 1,
  limit = LISTING_PAGE_SIZE,
  signal,
}: ListingFilters & { page?: number; limit?: number; signal?: AbortSignal }): Promise<PublicModelsResponse> {
  return api.get<PublicModelsResponse>(apiPaths.models.public, {
    query: { city_id: cityId, search, page, limit },
    signal,
    skipGlobalLoading: page > 1,
  });
}

/** The listing as pages of LISTING_PAGE_SIZE (SPEC §9), for infinite scroll. */
export const publicModelsInfiniteQueryOptions = (filters: ListingFilters) =>
  infiniteQueryOptions({
    queryKey: publicKeys.listing(filters),
    queryFn: ({ pageParam, signal }) => getPublicModels({ ...filters, page: pageParam, signal }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });

export function usePublicModels(filters: ListingFilters, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...publicModelsInfiniteQueryOptions(filters), enabled });
}
