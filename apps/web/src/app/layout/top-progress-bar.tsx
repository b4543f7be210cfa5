import { useEffect, useState, useSyncExternalStore } from "react";
import { useNavigating } from "@/lib/router";
import { getRequestsInFlight, subscribeRequestsInFlight } from "@/lib/api-client";
import { cn } from "@/lib/cn";

/** Work shorter than this never shows the bar, so quick clicks do not flash it. */
const SHOW_DELAY_MS = 300;

/**
 * A thin bar along the top edge while a page change waits for its screen or API requests are in flight (all but
 * `background` ones). It covers nothing and takes no room: the page stays usable and nothing moves.
 */
export function TopProgressBar() {
  const inFlight = useSyncExternalStore(subscribeRequestsInFlight, getRequestsInFlight, () => 0);
  const navigating = useNavigating();
  const busy = inFlight > 0 || navigating;
  // "visible" turns on only after SHOW_DELAY_MS of continuous work, and off as soon as the work ends.
  const [visible, setVisible] = useState(false);
  if (!busy && visible) setVisible(false);
  useEffect(() => {
    if (!busy) return;
    const show = window.setTimeout(() => setVisible(true), SHOW_DELAY_MS);
    return () => window.clearTimeout(show);
  }, [busy]);

  // Styles are classes only: the server's HTML may carry no style attribute (the policy has no 'unsafe-inline').
  return (
    <div
      data-testid="top-progress"
      data-active={visible}
      aria-hidden={!visible}
      className="pointer-events-none fixed inset-x-0 top-0 z-loading h-0.5 overflow-hidden"
    >
      {visible && (
        <div role="progressbar" aria-label="Carregando" aria-busy="true" className="size-full">
          <div className={cn("vt-progress h-full w-1/3 rounded-full bg-accent shadow-glow")} />
        </div>
      )}
    </div>
  );
}
