import { infiniteQueryOptions, queryOptions, useInfiniteQuery, useQuery } from "@tanstack/react-query";
import { LISTING_PAGE_SIZE, type PublicModelsResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { type ListingQuery, publicKeys } from "./query-keys";

/**
 * GET /api/models/public?city_id&search&page&limit and the listing filters (categoria, ordem…, the page URL's own
 * names): one page of visible models, featured first unless another order is asked.
 * `background` requests (later pages while scrolling, refreshes) do not raise the top progress bar.
 */
export function getPublicModels({
  cityId,
  search,
  filters,
  page = 1,
  limit = LISTING_PAGE_SIZE,
  signal,
  background = false,
}: ListingQuery & {
  page?: number;
  limit?: number;
  signal?: AbortSignal;
  background?: boolean;
}): Promise<PublicModelsResponse> {
  return api.get<PublicModelsResponse>(publicApiPaths.models.public, {
    query: { city_id: cityId, search, ...Object.fromEntries(new URLSearchParams(filters)), page, limit },
    signal,
    background,
  });
}

/** The listing as pages of LISTING_PAGE_SIZE, for infinite scroll. */
export const publicModelsInfiniteQueryOptions = (query: ListingQuery) =>
  infiniteQueryOptions({
    queryKey: publicKeys.models(query),
    queryFn: ({ pageParam, signal, client, queryKey }) =>
      getPublicModels({
        ...query,
        page: pageParam,
        signal,
        // Only the first load of the first page is worth the progress bar; scrolling and live refreshes are quiet.
        background: pageParam > 1 || client.getQueryData(queryKey) !== undefined,
      }),
    initialPageParam: 1,
    getNextPageParam: (last) => (last.pagination.page < last.pagination.pages ? last.pagination.page + 1 : undefined),
  });

export function usePublicModels(query: ListingQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useInfiniteQuery({ ...publicModelsInfiniteQueryOptions(query), enabled });
}

/**
 * How many models a choice of filters finds, and its counts per option (one card asked for, quietly): the phone
 * sheet's "Ver 37 resultados" before the choice is applied.
 */
export function usePublicModelsCount(query: ListingQuery, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery(
    queryOptions({
      queryKey: publicKeys.count(query),
      queryFn: ({ signal }) => getPublicModels({ ...query, limit: 1, signal, background: true }),
      select: ({ pagination, facets }) => ({ total: pagination.total, facets }),
      enabled,
    }),
  );
}
