import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AppealBody, OwnModerationResponse, Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { ownModerationKey } from "./moderation-keys";

/** GET /api/models/moderation: her moderation state and each decision about her, with its reason. */
export const ownModerationQueryOptions = () =>
  queryOptions({
    queryKey: ownModerationKey(),
    queryFn: () => api.get<OwnModerationResponse>(apiPaths.moderation.own),
    staleTime: 30_000,
  });

export function useOwnModeration(enabled = true) {
  return useQuery({ ...ownModerationQueryOptions(), enabled });
}

/** POST /api/models/moderation/cases/{id}/appeal: her one written appeal of a decision. */
export function useAppeal() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ caseId, ...body }: { caseId: number } & AppealBody) =>
      api.post<Success>(apiPaths.moderation.appeal(caseId), body),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ownModerationKey() }),
  });
}
