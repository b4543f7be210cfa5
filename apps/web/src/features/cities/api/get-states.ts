import { queryOptions, useQuery } from "@tanstack/react-query";
import type { StatesResponse, StateSummary } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { publicApiPaths } from "@/lib/public-paths";
import { cityKeys } from "./query-keys";

/** GET /api/cities/states: each state (UF) that has visible models, with its model count. */
export async function getStates(): Promise<StateSummary[]> {
  const { states } = await api.get<StatesResponse>(publicApiPaths.cities.states, { background: true });
  return states;
}

export const statesQueryOptions = () => queryOptions({ queryKey: cityKeys.states(), queryFn: getStates });

export function useStates({ enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...statesQueryOptions(), enabled });
}
