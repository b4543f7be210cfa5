import type { City } from "@vitrine/contracts";
import { appPaths } from "@/lib/public-paths";

/** id of the models grid section on the home page; choosing a city scrolls there. */
export const RESULTS_ANCHOR_ID = "resultados";
/** The scroll to the grid starts 200 ms after the navigation. */
export const SCROLL_TO_RESULTS_DELAY_MS = 200;

/** Navigation state asking the listing page to scroll to its grid once it is shown. */
export type CityNavigationState = { scrollToResults: true };

export function isCityNavigationState(state: unknown): state is CityNavigationState {
  return !!state && typeof state === "object" && (state as CityNavigationState).scrollToResults === true;
}

/**
 * Where choosing a city leads: its /cidade/{slug} route when the slug is known, else the home
 * listing with ?city_id. The state makes the listing scroll to its grid.
 */
export function cityTarget(city: Pick<City, "id" | "slug">): { to: string; state: CityNavigationState } {
  const to = city.slug ? appPaths.city(city.slug) : `${appPaths.home}?city_id=${city.id}`;
  return { to, state: { scrollToResults: true } };
}

/** The listing searched for `term` (/?search=…): the header's model search. */
export const modelSearchPath = (term: string) => `${appPaths.home}?search=${encodeURIComponent(term)}`;

/** Smoothly brings the grid into view (no-op when the page has none). Browser only. */
export function scrollToResults(): void {
  const target = document.getElementById(RESULTS_ANCHOR_ID);
  if (!target) return;
  const reduce = window.matchMedia?.("(prefers-reduced-motion: reduce)").matches;
  target.scrollIntoView({ behavior: reduce ? "auto" : "smooth", block: "start" });
}
