import { queryOptions, useQuery } from "@tanstack/react-query";
import type { PublicModelResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { publicKeys } from "./query-keys";

/** GET /api/models/public/{id}: the profile (model, public photos primary first, products). 404 when hidden. */
export function getPublicModel(id: number, signal?: AbortSignal): Promise<PublicModelResponse> {
  return api.get<PublicModelResponse>(apiPaths.models.publicById(id), { signal });
}

export const publicModelQueryOptions = (id: number) =>
  queryOptions({ queryKey: publicKeys.model(id), queryFn: ({ signal }) => getPublicModel(id, signal) });

/** Disabled (no request) for an id that could not be read from the route. */
export function usePublicModel(id: number | null) {
  return useQuery({ ...publicModelQueryOptions(id ?? 0), enabled: id !== null });
}
