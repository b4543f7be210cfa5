import { type RefObject, useEffect, useState } from "react";

/**
 * Whether the element's content overflows it (it scrolls) along `axis`, kept up to date as either resizes. A box
 * that scrolls and holds nothing focusable must itself take the keyboard focus (tabIndex 0, a role and a name) so
 * that a keyboard user can scroll it: axe's scrollable-region-focusable.
 */
export function useScrolls(ref: RefObject<HTMLElement | null>, axis: "x" | "y"): boolean {
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof ResizeObserver === "undefined") return;
    const check = () =>
      setScrolls(axis === "x" ? el.scrollWidth > el.clientWidth + 1 : el.scrollHeight > el.clientHeight + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    for (const child of Array.from(el.children)) observer.observe(child);
    return () => observer.disconnect();
  }, [ref, axis]);
  return scrolls;
}
