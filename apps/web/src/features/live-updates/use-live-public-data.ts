import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { subscribeModelEvents } from "./model-events";

/** Events often come in bursts (a payment also activates the model): refresh once per burst. */
const REFRESH_DELAY_MS = 400;

/**
 * SPEC §4 live updates: while mounted, a model_status_updated or model_payment_updated event refreshes the
 * public data — every query whose key starts with "public" (listing, profiles, city lists, previews).
 */
export function useLivePublicData(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribeModelEvents(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: ["public"] });
      }, REFRESH_DELAY_MS);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient]);
}
