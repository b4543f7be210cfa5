import { queryOptions, useQuery } from "@tanstack/react-query";
import type { Municipio, MunicipiosResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { cityKeys } from "./query-keys";

/** GET /api/cities/municipios/{estadoId}: the municipalities of one state, for forms. */
export async function getMunicipios(estadoId: number): Promise<Municipio[]> {
  const { municipios } = await api.get<MunicipiosResponse>(apiPaths.cities.municipios(estadoId));
  return municipios;
}

export const municipiosQueryOptions = (estadoId: number) =>
  queryOptions({ queryKey: cityKeys.municipios(estadoId), queryFn: () => getMunicipios(estadoId) });

/** Disabled (no request) until a state is chosen. */
export function useMunicipios(estadoId: number | null | undefined) {
  return useQuery({ ...municipiosQueryOptions(estadoId ?? 0), enabled: !!estadoId });
}
