import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { sessionQueryKey } from "@/features/auth/session";
import { subscribeModelEvents } from "@/lib/model-events";
import { dashboardKeys } from "../api/query-keys";

/**
 * Live updates on the dashboard: when the events stream says this model's status or payment changed (an admin
 * activated it, a payment was applied), the profile and the session are re-read, so the payment banner and the
 * visibility panel follow without a reload.
 */
export function useLiveOwnStatus(modelId: number) {
  const queryClient = useQueryClient();
  useEffect(
    () =>
      subscribeModelEvents((event) => {
        if (event.model_id !== undefined && event.model_id !== modelId) return;
        void queryClient.invalidateQueries({ queryKey: dashboardKeys.profile() });
        void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
      }),
    [queryClient, modelId],
  );
}
