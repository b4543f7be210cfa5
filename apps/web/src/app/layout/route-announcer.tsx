import { useEffect, useState } from "react";
import { useLocation, useNavigationType, usePreventScrollReset } from "@/lib/router";

/** How long a title the new page sets once its data arrive is still the one announced. */
const LATE_TITLE_MS = 1000;

/**
 * After a page change by a link, navigate() or a redirect, the focus moves to the page's main content (`mainId`,
 * focusable with tabIndex -1) and the new page's title is read out in a polite live region, so a keyboard or
 * screen-reader user continues from the new page's start and hears where they are. Not on the first load, not on
 * back/forward, not on a jump to an #anchor, and not on a change that keeps the scroll position (a table's filter
 * or page changing in place, where the focus stays on the control used).
 */
export function RouteAnnouncer({ mainId }: { mainId: string }) {
  const { key, hash } = useLocation();
  const navigationType = useNavigationType();
  const preventScrollReset = usePreventScrollReset();
  const [message, setMessage] = useState("");

  useEffect(() => {
    if (navigationType === "POP" || preventScrollReset || hash) return;
    document.getElementById(mainId)?.focus({ preventScroll: true });
    // Pages set their title in an effect, which ran before this one; a title that waits for data comes later.
    const announce = () => setMessage(document.title);
    announce();
    const observer = new MutationObserver(announce);
    observer.observe(document.head, { subtree: true, childList: true, characterData: true });
    const timer = window.setTimeout(() => observer.disconnect(), LATE_TITLE_MS);
    return () => {
      observer.disconnect();
      window.clearTimeout(timer);
    };
  }, [key, hash, navigationType, preventScrollReset, mainId]);

  return (
    <p role="status" className="sr-only" data-testid="route-announcer">
      {message}
    </p>
  );
}
