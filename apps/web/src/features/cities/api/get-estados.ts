import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Estado, EstadosResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { cityKeys } from "./query-keys";

/** GET /api/cities/estados: every Brazilian state (IBGE ids), for forms. */
export async function getEstados(): Promise<Estado[]> {
  const { estados } = await api.get<EstadosResponse>(apiPaths.cities.estados);
  return estados;
}

export const estadosQueryOptions = () => queryOptions({ queryKey: cityKeys.estados(), queryFn: getEstados });

export function useEstados() {
  return useQuery(estadosQueryOptions());
}
