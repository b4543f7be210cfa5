import { keepPreviousData, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type {
  AdminVerificationResponse,
  AdminVerificationsResponse,
  ApproveVerificationBody,
  Success,
  VerificationFile,
  VerificationReasonBody,
} from "@vitrine/contracts";
import { useEffect, useMemo } from "react";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { adminKeys } from "./query-keys";

/** GET /api/admin/verifications: awaiting review (oldest first) and the frozen accounts. */
export const useVerificationQueue = (page: number) =>
  useQuery({
    queryKey: adminKeys.verificationQueue(page),
    queryFn: () => api.get<AdminVerificationsResponse>(apiPaths.verification.queue, { query: { page, limit: 20 } }),
    staleTime: 10_000,
    placeholderData: keepPreviousData,
  });

/** GET /api/admin/verifications/{id}: the verification and her earlier ones. */
export const useVerification = (id: number) =>
  useQuery({
    queryKey: adminKeys.verification(id),
    queryFn: () => api.get<AdminVerificationResponse>(apiPaths.verification.detail(id)),
  });

/**
 * One of the verification's files as an object URL for an <img>. Every read is audited by the server, so it is
 * read once per screen (never refreshed in the background) and dropped, with its URL, when the screen closes.
 */
export function useVerificationImage(id: number, file: VerificationFile, enabled: boolean) {
  const query = useQuery({
    queryKey: adminKeys.verificationFile(id, file),
    queryFn: () => api.get<Blob>(apiPaths.verification.file(id, file), { responseType: "blob" }),
    enabled,
    staleTime: Infinity,
    gcTime: 0,
    retry: false,
    refetchOnWindowFocus: false,
  });
  const url = useMemo(() => (query.data ? URL.createObjectURL(query.data) : null), [query.data]);
  useEffect(() => () => (url ? URL.revokeObjectURL(url) : undefined), [url]);
  return { ...query, url };
}

/**
 * Refreshes the queue, the verification and the models list after a decision. Not awaited by the mutation: the
 * refreshed screen drops the decision form, and the caller's own callbacks (its toast) must run before that.
 */
function useInvalidateVerifications() {
  const queryClient = useQueryClient();
  return () => {
    void queryClient.invalidateQueries({ queryKey: adminKeys.verifications() });
    void queryClient.invalidateQueries({ queryKey: adminKeys.models() });
  };
}

/** POST /api/admin/verifications/{id}/approve | reject | resubmit. */
export function useDecideVerification(id: number) {
  const invalidate = useInvalidateVerifications();
  return useMutation({
    mutationFn: (
      input:
        | { decision: "approve"; body: ApproveVerificationBody }
        | { decision: "reject" | "resubmit"; body: VerificationReasonBody },
    ) => api.post<AdminVerificationResponse>(apiPaths.verification.decision(id, input.decision), input.body),
    onSettled: invalidate,
  });
}

/** POST /api/admin/verifications/frozen/{modelId}/unfreeze. */
export function useUnfreeze() {
  const invalidate = useInvalidateVerifications();
  return useMutation({
    mutationFn: ({ modelId, reason }: { modelId: number; reason: string }) =>
      api.post<Success>(apiPaths.verification.unfreeze(modelId), { reason }),
    onSettled: invalidate,
  });
}
