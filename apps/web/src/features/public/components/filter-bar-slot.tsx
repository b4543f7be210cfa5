import { type ComponentProps, createElement, lazy, Suspense } from "react";
import type { ListingFilterBar } from "./listing-filters";

type Bar = typeof ListingFilterBar;
let loaded: Bar | null = null;

/**
 * The filter bar's module, outside the page's first load: the server loads it before rendering (ssr/page-data.ts),
 * so the form is in the page's HTML and works as a plain form at once; the browser fetches it while the page
 * hydrates and hydrates the bar when it arrives (the rest of the page does not wait for it).
 */
export const loadFilterBar = () =>
  import("./listing-filters").then((m) => {
    loaded = m.ListingFilterBar;
    return loaded;
  });

const LazyBar = lazy(async () => ({ default: await loadFilterBar() }));

/** The listing's filter bar (see ListingFilterBar), drawn at once when its module is already loaded. */
export function FilterBarSlot(props: ComponentProps<Bar>) {
  return <Suspense fallback={null}>{createElement(loaded ?? LazyBar, props)}</Suspense>;
}
