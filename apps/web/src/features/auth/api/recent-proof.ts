import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import type { AccessReview, PasskeyOptions, RecentProofBody, RecentProofResponse, Success } from "@vitrine/contracts";
import { api } from "@/lib/api-client";
import { apiPaths } from "@/lib/paths";
import { type AccountAudience, accountScope } from "./audience";

const reviewKey = (audience: AccountAudience) => accountScope(audience, "access-review");
// The proof calls answer a wrong password or code with a 400 (never a 401), and never ask a proof themselves.
const quiet = { skipRecentProof: true } as const;

/** POST …/recent-proof: her password, or a code of the app (or a recovery code). */
export function proveWithSecret(audience: AccountAudience, body: RecentProofBody) {
  return api.post<RecentProofResponse>(apiPaths.recentProof[audience].root, body, quiet);
}

/** …/recent-proof/passkey: options for her own passkeys, the browser's passkey dialog, then its answer. */
export async function proveWithPasskey(audience: AccountAudience) {
  const paths = apiPaths.recentProof[audience];
  const [{ startAuthentication }, { options }] = await Promise.all([
    import("@simplewebauthn/browser"),
    api.post<PasskeyOptions>(paths.passkeyOptions, undefined, quiet),
  ]);
  const response = await startAuthentication({ optionsJSON: options as never });
  return api.post<RecentProofResponse>(paths.passkey, { response }, quiet);
}

/** GET …/recent-proof/access-review: whether a password reset asks her to review her passkeys and sessions. */
export function useAccessReview(audience: AccountAudience, enabled = true) {
  return useQuery({
    queryKey: reviewKey(audience),
    queryFn: () => api.get<AccessReview>(apiPaths.recentProof[audience].accessReview),
    enabled,
    staleTime: Infinity,
  });
}

/** POST …/recent-proof/access-review/done: "Reconheço todos". */
export function useFinishAccessReview(audience: AccountAudience) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => api.post<Success>(apiPaths.recentProof[audience].accessReviewDone),
    onSuccess: () => queryClient.setQueryData<AccessReview>(reviewKey(audience), { due: false }),
  });
}
