import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { DocumentType, OwnVerificationResponse, VerifierStartResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiUpload, type UploadProgress } from "@/lib/api-upload";
import { apiPaths } from "@/lib/paths";
import { dashboardKeys, verificationKeys } from "./query-keys";

/** GET /api/models/verification: where her identity verification stands, and the code for her selfie. */
export const useOwnVerification = (opts: { enabled?: boolean } = {}) =>
  useQuery({
    enabled: opts.enabled ?? true,
    queryKey: verificationKeys.own(),
    queryFn: () => api.get<OwnVerificationResponse>(apiPaths.verification.own),
  });

export type SubmitVerificationInput = {
  documentType: DocumentType;
  document: File;
  selfie: File;
  /** Her appeal's message (after a rejection). */
  message?: string;
  onProgress?: (progress: UploadProgress) => void;
};

/** POST /api/models/verification (multipart: document_type, document, selfie, message), reporting the bytes sent. */
export function useSubmitVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ documentType, document, selfie, message, onProgress }: SubmitVerificationInput) => {
      const form = new FormData();
      form.append("document_type", documentType);
      if (message !== undefined) form.append("message", message);
      form.append("document", document, document.name);
      form.append("selfie", selfie, selfie.name);
      return apiUpload<OwnVerificationResponse>(apiPaths.verification.own, form, { onProgress });
    },
    onSuccess: (data) => queryClient.setQueryData(verificationKeys.own(), data),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: verificationKeys.own() }),
        queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() }),
      ]),
  });
}

/**
 * POST /api/models/verification/verifier, then her browser goes to the verifier (document, selfie and liveness
 * there); the verifier sends her back to this page with the result (`?verificador=…`).
 */
export function useStartVerifier() {
  return useMutation({
    mutationFn: () => api.post<VerifierStartResponse>(apiPaths.verification.verifier),
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
