import { useLayoutEffect } from "react";
import { useLocation, useNavigationType, usePreventScrollReset } from "@/lib/router";

const STORAGE_KEY = "vitrine:scroll";
const positions = new Map<string, number>();
let restored = false;

function readSaved() {
  if (restored) return;
  restored = true;
  try {
    const saved = JSON.parse(window.sessionStorage.getItem(STORAGE_KEY) ?? "{}") as Record<string, number>;
    for (const [key, y] of Object.entries(saved)) positions.set(key, y);
  } catch {
    // storage unavailable or damaged: start without saved positions
  }
}

function save() {
  try {
    window.sessionStorage.setItem(STORAGE_KEY, JSON.stringify(Object.fromEntries([...positions].slice(-50))));
  } catch {
    // storage unavailable: positions live for this document only
  }
}

const VISITOR_MOVES = ["wheel", "touchstart", "keydown", "pointerdown"] as const;

/**
 * Scrolls to `y`. A page still growing (a listing draws its cards after the first screen, so a document opened by
 * back/forward is shorter at first) is followed until it is tall enough, the visitor moves, or 3 s pass.
 * Returns the function that stops following.
 */
function scrollToSaved(y: number): () => void {
  window.scrollTo(0, y);
  if (Math.abs(window.scrollY - y) < 1) return () => {};
  const observer = new ResizeObserver(() => {
    window.scrollTo(0, y);
    if (Math.abs(window.scrollY - y) < 1) stop();
  });
  const timer = window.setTimeout(stop, 3000);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    for (const event of VISITOR_MOVES) window.removeEventListener(event, stop);
  }
  observer.observe(document.body);
  for (const event of VISITOR_MOVES) window.addEventListener(event, stop, { passive: true });
  return stop;
}

/**
 * Scroll like a site of separate documents: a new page (a link, a redirect, an address typed or opened from
 * another site) starts at the top or at its #anchor, unless the navigation asked to stay where it is
 * (`preventScrollReset`: a table's filter or page changing in place); back and forward return to where the visitor was on that
 * entry, also after a reload (kept per history entry — each has its own key, see the router — in
 * sessionStorage). Renders nothing.
 */
export function ScrollRestoration() {
  const location = useLocation();
  const navigationType = useNavigationType();
  const preventScrollReset = usePreventScrollReset();

  useLayoutEffect(() => {
    readSaved();
    window.history.scrollRestoration = "manual";
    // The position is recorded as the visitor scrolls (reading it while the next page replaces this one would
    // read a position the shorter new page has already cut).
    let frame = 0;
    const onScroll = () => {
      if (frame) return;
      frame = window.requestAnimationFrame(() => {
        frame = 0;
        positions.set(location.key, window.scrollY);
      });
    };
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("pagehide", save);
    return () => {
      window.cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("pagehide", save);
    };
  }, [location.key]);

  useLayoutEffect(() => {
    const saved = positions.get(location.key);
    if (navigationType === "POP" && saved !== undefined) return scrollToSaved(saved);
    if (location.hash) {
      document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
      return;
    }
    if (navigationType !== "POP" && !preventScrollReset) window.scrollTo(0, 0);
  }, [location.key, location.hash, navigationType, preventScrollReset]);

  return null;
}
