import { queryScope } from "@/lib/query-keys";

const scope = queryScope("public", "cities");

/**
 * Query keys of the city lists, the city search and its previews (live updates refresh `all()`, since model counts
 * and previews follow the models), and of the estado/município lists the forms use.
 */
export const cityKeys = {
  all: () => scope,
  list: (state: string | null) => [...scope, "list", { state }] as const,
  states: () => [...scope, "states"] as const,
  bySlug: (slug: string) => [...scope, "by-slug", slug] as const,
  search: (q: string) => [...scope, "search", q] as const,
  preview: (cityId: number) => [...scope, "preview", cityId] as const,
  estados: () => [...scope, "estados"] as const,
  municipios: (estadoId: number) => [...scope, "municipios", estadoId] as const,
};
