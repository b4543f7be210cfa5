import { ANALYTICS_EVENTS_PATH, ANALYTICS_MAX_IDS } from "@vitrine/contracts";

/**
 * The advertisers' analytics beacon (decision 077): what one page view saw — cards shown (at least half in view) and
 * clicked on list pages, photos opened in a profile's lightbox — gathered in memory and sent in one small request
 * when the page view ends (another page, the tab hidden or closed), or early when a list reaches ANALYTICS_MAX_IDS.
 * Each id counts once per page view. Nothing about the visitor is sent, only ids; the page itself stays cached.
 */

type Kind = "impressions" | "card_clicks" | "lightbox_opens";
const KINDS: Kind[] = ["impressions", "card_clicks", "lightbox_opens"];

const pending = { impressions: new Set<number>(), card_clicks: new Set<number>(), lightbox_opens: new Set<number>() };
const seen = { impressions: new Set<number>(), card_clicks: new Set<number>(), lightbox_opens: new Set<number>() };
/** The page view the ids belong to (its address); another address is another page view. */
let pageView = "";
let listening = false;

function currentPage(): string {
  return location.pathname + location.search;
}

/** Sends what is pending, if anything, in one request that outlives the page (keepalive). */
export function flushBeacon(): void {
  if (KINDS.every((kind) => pending[kind].size === 0)) return;
  const body: Partial<Record<Kind, number[]>> = {};
  for (const kind of KINDS) {
    if (pending[kind].size > 0) body[kind] = [...pending[kind]];
    pending[kind].clear();
  }
  void fetch(ANALYTICS_EVENTS_PATH, {
    method: "POST",
    keepalive: true,
    credentials: "same-origin",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(body),
  }).catch(() => {});
}

/** Sends what is pending once the page view has ended (the address moved on). */
export function flushIfLeft(): void {
  setTimeout(() => {
    if (pageView !== currentPage()) flushBeacon();
  });
}

function note(kind: Kind, id: number): void {
  if (typeof window === "undefined") return;
  if (!listening) {
    listening = true;
    addEventListener("pagehide", flushBeacon);
    document.addEventListener("visibilitychange", () => document.visibilityState === "hidden" && flushBeacon());
  }
  const page = currentPage();
  if (page !== pageView) {
    flushBeacon();
    pageView = page;
    for (const k of KINDS) seen[k].clear();
  }
  if (seen[kind].has(id)) return;
  seen[kind].add(id);
  pending[kind].add(id);
  if (pending[kind].size >= ANALYTICS_MAX_IDS) flushBeacon();
}

/** Her card was clicked (list → profile). */
export const noteCardClick = (modelId: number) => note("card_clicks", modelId);
/** A photo was shown in the profile's lightbox. */
export const noteLightboxOpen = (photoId: number) => note("lightbox_opens", photoId);

let observer: IntersectionObserver | undefined;
const cardIds = new WeakMap<Element, number>();

/** Counts the card as shown once at least half of it is in view; answers the function that stops watching it. */
export function observeCard(element: Element, modelId: number): () => void {
  if (typeof IntersectionObserver === "undefined") return () => {};
  observer ??= new IntersectionObserver(
    (entries) => {
      for (const entry of entries) {
        const id = cardIds.get(entry.target);
        if (entry.isIntersecting && id !== undefined) note("impressions", id);
      }
    },
    { threshold: 0.5 },
  );
  cardIds.set(element, modelId);
  observer.observe(element);
  return () => {
    observer?.unobserve(element);
    flushIfLeft();
  };
}
