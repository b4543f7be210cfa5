import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { TermsConsentResponse } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { queryScope } from "@/lib/query-keys";

const consentKey = () => queryScope("me", "terms-consent");

/** GET /api/models/my-data/consents: the terms version she accepted beside the current one. */
export function useTermsConsent() {
  return useQuery({
    queryKey: consentKey(),
    queryFn: () => api.get<TermsConsentResponse>(apiPaths.myData.consents),
  });
}

/** POST /api/models/my-data/consents/terms: she accepts the current version. */
export function useAcceptTerms() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<TermsConsentResponse>(apiPaths.myData.acceptTerms),
    onSuccess: (answer) => queryClient.setQueryData(consentKey(), answer),
  });
}
