import { keepPreviousData, queryOptions, useQuery } from "@tanstack/react-query";
import type { AdminModelsResponse, AdminPageSize } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** The models table's query string (AdminModelsQuerySchema on the server); empty filters are left out. */
export type AdminModelFilters = {
  page: number;
  limit: AdminPageSize;
  /** Two-letter state code. */
  state?: string;
  city_id?: number;
  category_id?: number;
  q?: string;
};

/** GET /api/admin/models?page&limit&state&city_id&category_id&q: one page of models with the filters applied. */
export function getAdminModels(filters: AdminModelFilters): Promise<AdminModelsResponse> {
  return api.get<AdminModelsResponse>(apiPaths.admin.models, { query: { ...filters } });
}

export const adminModelsQueryOptions = (filters: AdminModelFilters) =>
  queryOptions({
    queryKey: adminKeys.modelList(filters),
    queryFn: () => getAdminModels(filters),
    staleTime: 30_000,
    // The table keeps the previous page on screen while the next one loads (no jump).
    placeholderData: keepPreviousData,
  });

export function useAdminModels(filters: AdminModelFilters) {
  return useQuery(adminModelsQueryOptions(filters));
}
