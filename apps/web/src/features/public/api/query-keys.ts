/** Query keys of the public directory; the "public" prefix is what live updates refresh. */
export const publicKeys = {
  listing: (filters: ListingFilters) => ["public", "models", "list", filters] as const,
  model: (id: number) => ["public", "models", "detail", id] as const,
};

/** What the listing is filtered by; null means "not filtered". */
export type ListingFilters = { cityId: number | null; search: string | null };
