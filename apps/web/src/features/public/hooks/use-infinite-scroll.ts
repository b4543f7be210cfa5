import { type RefObject, useEffect, useRef } from "react";

/** The next page loads when the sentinel comes within 200 px of the viewport. */
export const INFINITE_SCROLL_MARGIN = "200px";

/**
 * Calls `onReach` whenever `sentinel` is within INFINITE_SCROLL_MARGIN of the viewport and `enabled`.
 * `watch` re-arms the observer (pass the number of loaded pages): a new observer reports at once, so a
 * sentinel that is still in view after a page arrived loads the next one too.
 */
export function useInfiniteScroll(
  sentinel: RefObject<HTMLElement | null>,
  { enabled, onReach, watch }: { enabled: boolean; onReach: () => void; watch: unknown },
): void {
  const onReachRef = useRef(onReach);
  useEffect(() => {
    onReachRef.current = onReach;
  });
  useEffect(() => {
    const node = sentinel.current;
    if (!enabled || !node || typeof IntersectionObserver === "undefined") return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((e) => e.isIntersecting)) onReachRef.current();
      },
      { rootMargin: INFINITE_SCROLL_MARGIN },
    );
    observer.observe(node);
    return () => observer.disconnect();
  }, [sentinel, enabled, watch]);
}
