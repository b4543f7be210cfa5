import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "models");

/** Query keys of the public directory (listing and profiles); live updates refresh `all()`. */
export const publicKeys = {
  all: () => scope,
  models: (query: ListingQuery) => [...scope, "list", query] as const,
  /** The number of results (and counts per option) of a choice of filters not applied yet (the phone sheet). */
  count: (query: ListingQuery) => [...scope, "count", query] as const,
  model: (id: number) => [...scope, "detail", id] as const,
};

/**
 * What the listing is filtered by; null means "not filtered". `filters`: the listing filters as the page URL
 * writes them (listingFiltersToSearchParams, "categoria=2&ordem=menor_preco"), "" for none.
 */
export type ListingQuery = { cityId: number | null; search: string | null; filters: string };
