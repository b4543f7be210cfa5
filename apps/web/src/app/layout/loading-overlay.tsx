import { useEffect, useState, useSyncExternalStore } from "react";
import { useLocation } from "@/lib/router";
import { Logo } from "@/components/logo";
import { cn } from "@/lib/cn";
import { getPendingRequests, subscribePendingRequests } from "@/lib/global-loading";

/** After a navigation the overlay may stay up to this long while the new page loads. */
const NAVIGATION_MAX_MS = 3000;
/** A navigation counts as settled once no request has been pending for this long. */
const SETTLE_MS = 250;
/** Work shorter than this never shows the overlay, so quick clicks do not flash it. */
const SHOW_DELAY_MS = 300;

/**
 * Global loading overlay: up while API requests are pending (except those flagged with
 * skipGlobalLoading) and for up to 3 s after each navigation until the new page's requests settle.
 */
export function LoadingOverlay() {
  const pending = useSyncExternalStore(subscribePendingRequests, getPendingRequests, () => 0);
  const location = useLocation();
  const [navBusy, setNavBusy] = useState(true);
  const [lastKey, setLastKey] = useState(location.key);
  if (lastKey !== location.key) {
    setLastKey(location.key);
    setNavBusy(true);
  }

  useEffect(() => {
    if (!navBusy) return;
    const cap = window.setTimeout(() => setNavBusy(false), NAVIGATION_MAX_MS);
    return () => window.clearTimeout(cap);
  }, [navBusy, lastKey]);

  useEffect(() => {
    if (!navBusy || pending > 0) return;
    const settle = window.setTimeout(() => setNavBusy(false), SETTLE_MS);
    return () => window.clearTimeout(settle);
  }, [navBusy, pending]);

  // A screen's module being fetched counts as a pending request (app/router.tsx).
  const busy = pending > 0 || navBusy;
  // "visible" flips on only after SHOW_DELAY_MS of continuous work, and off as soon as the work ends.
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
      aria-hidden={!visible}
      data-testid="global-loading"
      data-visible={visible}
      className={cn(
        "fixed inset-0 z-loading flex flex-col items-center justify-center gap-6 bg-canvas/80 backdrop-blur-sm transition-opacity duration-[220ms]",
        visible ? "opacity-100" : "pointer-events-none opacity-0",
      )}
    >
      <div className="relative flex items-center justify-center">
        <div className="vt-loader" />
        <span className="absolute font-display text-xl font-semibold text-accent">V</span>
      </div>
      <Logo asLink={false} className="opacity-80" />
      {visible && (
        <span role="status" className="sr-only">
          Carregando...
        </span>
      )}
    </div>
  );
}
