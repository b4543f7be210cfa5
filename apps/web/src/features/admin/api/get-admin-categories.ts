import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CategoriesResponse, Category } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/categories: every category (also those without visible models), for filters and forms. */
export async function getAdminCategories(): Promise<Category[]> {
  const { categories } = await api.get<CategoriesResponse>(apiPaths.admin.categories);
  return categories;
}

export const adminCategoriesQueryOptions = () =>
  queryOptions({ queryKey: adminKeys.categories(), queryFn: getAdminCategories });

export function useAdminCategories() {
  return useQuery(adminCategoriesQueryOptions());
}
