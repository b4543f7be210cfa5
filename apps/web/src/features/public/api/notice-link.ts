import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { NoticeStatusResponse, ReportResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";

const noticeKey = (token: string) => ["public", "notice", token] as const;

/** GET /api/reports/notice/status?token=…: the notice's state as its sender reads it through her e-mail link. */
export const noticeStatusQueryOptions = (token: string) =>
  queryOptions({
    queryKey: noticeKey(token),
    queryFn: () =>
      api.get<NoticeStatusResponse>(apiPaths.moderation.noticeStatus, { query: { token }, skipAuthRedirect: true }),
    enabled: token.length > 0,
    retry: false,
  });

export const useNoticeStatus = (token: string) => useQuery(noticeStatusQueryOptions(token));

/** POST /api/reports/notice/confirm: confirms the notice once; its state is read again after. */
export function useConfirmNotice(token: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      api.post<ReportResponse>(apiPaths.moderation.noticeConfirm, { token }, { skipAuthRedirect: true }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: noticeKey(token) }),
  });
}
