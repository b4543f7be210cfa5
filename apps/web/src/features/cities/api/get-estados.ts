import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Estado } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

/** GET /api/cities/estados: every Brazilian state (IBGE ids), for forms. */
export async function getEstados(): Promise<Estado[]> {
  const { estados } = await api.get<{ estados: Estado[] }>(apiPaths.cities.estados);
  return estados;
}

export const estadosQueryOptions = () => queryOptions({ queryKey: ["cities", "estados"], queryFn: getEstados });

export function useEstados() {
  return useQuery(estadosQueryOptions());
}
