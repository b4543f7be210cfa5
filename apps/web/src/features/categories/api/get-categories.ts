import { queryOptions, useQuery } from "@tanstack/react-query";
import type { CategoriesResponse, Category } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { categoryKeys } from "./query-keys";

/** GET /api/categories; includeEmpty lists every category (forms), otherwise only those with visible models. */
export async function getCategories({ includeEmpty = false }: { includeEmpty?: boolean } = {}): Promise<Category[]> {
  const { categories } = await api.get<CategoriesResponse>(apiPaths.categories, {
    query: { include_empty: includeEmpty ? 1 : undefined },
  });
  return categories;
}

export const categoriesQueryOptions = ({ includeEmpty = false }: { includeEmpty?: boolean } = {}) =>
  queryOptions({
    queryKey: categoryKeys.list({ includeEmpty }),
    queryFn: () => getCategories({ includeEmpty }),
  });

export function useCategories(options: { includeEmpty?: boolean } = {}) {
  return useQuery(categoriesQueryOptions(options));
}
