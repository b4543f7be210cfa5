import type { VisitBody } from "@vitrine/contracts";
import { useEffect, useRef } from "react";
import { useLocation } from "@/lib/router";
import { recordVisit } from "../api/record-visit";
import { flushBeacon } from "../lib/analytics-beacon";

/**
 * Records one visit per page view (per history entry), once `ready` is true (e.g. the city is resolved).
 * Failures are ignored: statistics must never disturb the visitor.
 */
export function useRecordVisit(visit: VisitBody | null): void {
  const { key } = useLocation();
  const recorded = useRef<string | null>(null);
  const page = visit?.page;
  const cityId = visit?.city_id ?? null;
  useEffect(() => {
    if (!page || recorded.current === key) return;
    recorded.current = key;
    // Sent in a task of its own: starting a request holds a phone's main thread for several milliseconds, and
    // this effect runs with all the page's others right after it starts.
    setTimeout(() => void recordVisit({ page, city_id: cityId }).catch(() => {}));
  }, [key, page, cityId]);
  // The page view ends: the analytics beacon sends what it saw (cards, lightbox opens).
  useEffect(() => () => flushBeacon(), [key]);
}
