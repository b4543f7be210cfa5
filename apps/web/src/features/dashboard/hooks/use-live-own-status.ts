import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryKey } from "@/features/auth/session";
import { subscribeOwnEvents } from "@/lib/own-events";
import { dashboardKeys } from "../api/query-keys";

/**
 * Live updates on the dashboard: when her own events stream (lib/own-events, no visitor age pass needed) says
 * her status or payment changed (an admin activated her, a payment was applied), the profile and the session are
 * re-read, so the payment banner and the visibility panel follow without a reload.
 */
export function useLiveOwnStatus(modelId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeOwnEvents((event) => {
        if (event.model_id !== undefined && event.model_id !== modelId) return;
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() });
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }),
    [queryClient, modelId],
  );
}
