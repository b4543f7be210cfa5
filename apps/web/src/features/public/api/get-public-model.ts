import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicModelResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { publicKeys } from "./query-keys";

/**
 * GET /api/models/public/{id}: the profile (model, public photos primary first, products). 404 when hidden.
 * A `background` refresh (live updates) does not raise the top progress bar.
 */
export function getPublicModel(
  id: number,
  { signal, background = false }: { signal?: AbortSignal; background?: boolean } = {},
): Promise<PublicModelResponse> {
  return api.get<PublicModelResponse>(publicApiPaths.models.publicById(id), { signal, background });
}

export const publicModelQueryOptions = (id: number) =>
  queryOptions({
    queryKey: publicKeys.model(id),
    queryFn: ({ signal, client, queryKey }) =>
      getPublicModel(id, { signal, background: client.getQueryData(queryKey) !== undefined }),
  });

/**
 * Disabled (no request) for an id that could not be read from the route. A hidden model from the server's
 * render is not asked again on hydration ("Tentar novamente" refetches).
 */
export function usePublicModel(id: number | null) {
  return useQuery({ ...publicModelQueryOptions(id ?? 0), enabled: id !== null, retryOnMount: false });
}
