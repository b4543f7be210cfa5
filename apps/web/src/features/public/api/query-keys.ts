import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "models");

/** Query keys of the public directory (listing and profiles); live updates refresh `all()`. */
export const publicKeys = {
  all: () => scope,
  models: (filters: ListingFilters) => [...scope, "list", filters] as const,
  model: (id: number) => [...scope, "detail", id] as const,
};

/** What the listing is filtered by; null means "not filtered". */
export type ListingFilters = { cityId: number | null; search: string | null };
