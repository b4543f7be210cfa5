/**
 * Query keys of the public city lists. They start with "public" so that the live-updates stream
 * (features/live-updates) refreshes them together with the listing and profiles; the form lists
 * (estados, municipios) keep their own "cities" keys because they never change.
 */
export const cityKeys = {
  list: (state: string | null) => ["public", "cities", "list", { state }] as const,
  states: () => ["public", "cities", "states"] as const,
  bySlug: (slug: string) => ["public", "cities", "by-slug", slug] as const,
  search: (q: string) => ["public", "cities", "search", q] as const,
  preview: (cityId: number) => ["public", "cities", "preview", cityId] as const,
};
