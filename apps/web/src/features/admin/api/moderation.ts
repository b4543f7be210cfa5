import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AppealDecisionBody,
  ModerationCaseResponse,
  ModerationDecisionBody,
  ModerationQueueResponse,
  ModerationStatsResponse,
  Success,
  UrgentSummary,
} from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { saveFile } from "@/lib/download";
import { apiPaths } from "@/lib/paths";
import { moderationKeys } from "./moderation-keys";

export type CaseStatus = "open" | "appealed" | "closed";

/** GET /api/admin/moderation/cases: the queue (by priority, then oldest first), the appeals or the decided. */
export const casesQueryOptions = (filters: { status: CaseStatus; page: number }) =>
  queryOptions({
    queryKey: moderationKeys.cases(filters),
    queryFn: () => api.get<ModerationQueueResponse>(apiPaths.moderation.cases, { query: { ...filters, limit: 20 } }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

export const useCases = (filters: { status: CaseStatus; page: number }) => useQuery(casesQueryOptions(filters));

/** GET /api/admin/moderation/cases/{id}: the item, the reports, her photos and history, the evidence held. */
export const useCase = (id: number) =>
  useQuery({
    queryKey: moderationKeys.case(id),
    queryFn: () => api.get<ModerationCaseResponse>(apiPaths.moderation.case(id)),
  });

/**
 * GET /api/admin/moderation/urgent: open urgent cases and when the oldest began to wait, for the navigation's red
 * badge and the dashboard's card. Read every minute while an admin page is open (a decision reads it again).
 */
export const urgentSummaryQueryOptions = () =>
  queryOptions({
    queryKey: moderationKeys.urgent(),
    queryFn: () => api.get<UrgentSummary>(apiPaths.moderation.urgent),
    staleTime: 30_000,
    refetchInterval: 60_000,
  });

export const useUrgentSummary = (enabled = true) => useQuery({ ...urgentSummaryQueryOptions(), enabled });

/** GET /api/admin/moderation/stats: the transparency counts. */
export const useModerationStats = () =>
  useQuery({
    queryKey: moderationKeys.stats(),
    queryFn: () => api.get<ModerationStatsResponse>(apiPaths.moderation.stats),
    staleTime: 30_000,
  });

function useInvalidateModeration() {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: moderationKeys.all() });
}

/** POST /api/admin/moderation/cases/{id}/decision. */
export function useDecideCase(id: number) {
  const invalidate = useInvalidateModeration();
  return useMutation({
    mutationFn: (body: ModerationDecisionBody) => api.post<Success>(apiPaths.moderation.decision(id), body),
    onSettled: invalidate,
  });
}

/** POST /api/admin/moderation/cases/{id}/appeal-decision. */
export function useDecideAppeal(id: number) {
  const invalidate = useInvalidateModeration();
  return useMutation({
    mutationFn: (body: AppealDecisionBody) => api.post<Success>(apiPaths.moderation.appealDecision(id), body),
    onSettled: invalidate,
  });
}

/** GET /api/admin/moderation/cases/{id}/evidence as a file (the export is audited by the server). */
export async function downloadEvidence(id: number): Promise<void> {
  const blob = await api.get<Blob>(apiPaths.moderation.evidence(id), { responseType: "blob" });
  saveFile(blob, `evidencias-denuncia-${id}.json`);
}
