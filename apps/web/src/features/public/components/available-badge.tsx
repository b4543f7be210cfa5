import { AVAILABLE_NOW_LABEL } from "@vitrine/contracts";
import { useEffect, useState } from "react";
import { Badge } from "@/components/ui";
import { cn } from "@/lib/cn";

/** The longest delay a browser timer takes (about 24.8 days); "Disponível agora" lasts at most 8 hours. */
const MAX_TIMER_MS = 2_147_483_647;

/**
 * Whether "Disponível agora" still holds for `until` (her end instant, ISO, or null when it is off). It ends by
 * itself: a timer turns it off at the end, without a reload. The first render trusts the data (as the server's
 * render did, so hydration matches); an end already past (a page kept in a cache) turns it off right after.
 */
export function useAvailableNow(until: string | null | undefined): boolean {
  const [endedAt, setEndedAt] = useState<string | null>(null);
  useEffect(() => {
    if (!until) return;
    const left = Date.parse(until) - Date.now();
    const timer = window.setTimeout(() => setEndedAt(until), Math.min(Math.max(left, 0), MAX_TIMER_MS));
    return () => window.clearTimeout(timer);
  }, [until]);
  return !!until && endedAt !== until;
}

/** "Disponível agora" on her card and profile, while it lasts (see useAvailableNow). */
export function AvailableBadge({ until, className }: { until: string | null | undefined; className?: string }) {
  if (!useAvailableNow(until)) return null;
  return (
    <Badge variant="success" className={cn("gap-1.5", className)}>
      <span aria-hidden className="size-1.5 rounded-full bg-current" />
      {AVAILABLE_NOW_LABEL}
    </Badge>
  );
}
