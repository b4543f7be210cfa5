import { useQueryClient } from "@tanstack/react-query";
import { useEffect } from "react";
import { cityKeys } from "@/features/cities/api/query-keys";
import { subscribeModelEvents } from "@/lib/model-events";
import { publicKeys } from "../api/query-keys";

/** Events often come in bursts (a payment also activates the model): refresh once per burst. */
const REFRESH_DELAY_MS = 400;

/**
 * Live updates on public pages: while mounted, a model_status_updated or model_payment_updated event refreshes
 * what depends on which models are visible — the listing, the profiles, the city lists and previews.
 */
export function useLivePublicData(): void {
  const queryClient = useQueryClient();
  useEffect(() => {
    let timer: number | undefined;
    const unsubscribe = subscribeModelEvents(() => {
      window.clearTimeout(timer);
      timer = window.setTimeout(() => {
        void queryClient.invalidateQueries({ queryKey: publicKeys.all() });
        void queryClient.invalidateQueries({ queryKey: cityKeys.all() });
      }, REFRESH_DELAY_MS);
    });
    return () => {
      window.clearTimeout(timer);
      unsubscribe();
    };
  }, [queryClient]);
}
