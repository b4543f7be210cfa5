import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { matchRoutes, StaticRouter } from "@/lib/router";
import { AgeGateProvider } from "./app/layout/age-gate";
import { AppProviders, createQueryClient } from "./app/providers";
import { AppRoutes, preloadScreens, routes } from "./app/router";
import { dehydrateForPage, loadPublicPage, type PageInfo, type PublicRoute, publicRouteOf } from "./app/ssr/page-data";
import { SSR_STATE_ID } from "@vitrine/contracts";
import { serializeState } from "./app/ssr/state";
import { type ServerTransport, setServerTransport } from "./lib/api-client";

export type { PageInfo };

/**
 * A rendered public page: its status, the tags for <head>, the markup of #root and the state script, and the
 * source module of its lazy route (the server preloads its chunk, so hydration does not wait for it).
 */
export type RenderedPage = { status: number; head: string; body: string; pageModule: string | null };

const PAGE_MODULES: Record<PublicRoute["kind"], string | null> = {
  home: "src/features/public/pages/home-page.tsx",
  city: "src/features/public/pages/home-page.tsx",
  profile: "src/features/public/pages/model-profile-page.tsx",
  "not-found": null,
};

export type RenderOptions = {
  /** Path and query string of the request. */
  url: string;
  /** Scheme and host of the site, for the canonical and Open Graph URLs. */
  origin: string;
  /** The visitor accepted the age gate (its cookie): no gate is rendered. */
  ageAccepted: boolean;
  /** The public data version read before the page's data (the browser compares it with the live stream's). */
  dataVersion: string;
};

/** How the query functions read the API on the server (set once by the server at start). */
export function configure({ transport }: { transport: ServerTransport }): void {
  setServerTransport(transport);
}

/**
 * Renders a public page (home, city, profile, 404) to HTML with its data, or null for a private path, which the
 * browser renders, as one string: it is cached and compressed as one body.
 */
export async function render({ url, origin, ageAccepted, dataVersion }: RenderOptions): Promise<RenderedPage | null> {
  // Under a fixed origin, so a path such as "//host" stays a path (an unknown one: the 404 page).
  const location = new URL(`http://localhost${url}`);
  const route = publicRouteOf(location.pathname);
  if (!route) return null;

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const info = await loadPublicPage(queryClient, route, location.searchParams);
  await preloadScreens(matchRoutes(routes, location.pathname) ?? []);

  // Everything the page needs is loaded before rendering (its data prefetched, its screen's module preloaded),
  // so nothing suspends and the synchronous renderer gives the whole document at once; it
  // writes a string directly, where the streaming renderer encodes chunks to bytes that are decoded again.
  const markup = renderToString(
    <StrictMode>
      <AgeGateProvider accepted={ageAccepted}>
        <AppProviders client={queryClient}>
          <StaticRouter location={location.pathname + location.search}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </AgeGateProvider>
    </StrictMode>,
  );
  const state = serializeState({ queries: dehydrateForPage(queryClient), ageAccepted, dataVersion });
  queryClient.clear();
  return {
    status: info.status,
    head: headTags(info, origin),
    body: `<div id="root">${markup}</div><script type="application/json" id="${SSR_STATE_ID}">${state}</script>`,
    pageModule: PAGE_MODULES[route.kind],
  };
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The page's <head> tags: title, description, robots, canonical, Open Graph and the LCP image preload. */
export function headTags(info: PageInfo, origin: string): string {
  const tags = [`<title>${escapeHtml(info.title)}</title>`];
  const meta = (attr: "name" | "property", key: string, content: string) =>
    tags.push(`<meta ${attr}="${key}" content="${escapeHtml(content)}" />`);
  if (info.description) meta("name", "description", info.description);
  if (info.noindex) meta("name", "robots", "noindex");
  if (info.canonical) {
    const canonical = `${origin}${info.canonical}`;
    tags.push(`<link rel="canonical" href="${escapeHtml(canonical)}" />`);
    meta("property", "og:url", canonical);
  }
  meta("property", "og:type", info.ogType);
  meta("property", "og:title", info.title);
  if (info.description) meta("property", "og:description", info.description);
  meta("property", "og:locale", "pt_BR");
  if (info.heroImage) {
    tags.push(`<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(info.heroImage)}" />`);
  }
  if (info.image) {
    meta("property", "og:image", `${origin}${info.image.href}`);
    tags.push(
      `<link rel="preload" as="image" fetchpriority="high" href="${escapeHtml(info.image.href)}" ` +
        `imagesrcset="${escapeHtml(info.image.srcset)}" imagesizes="${escapeHtml(info.image.sizes)}" />`,
    );
  }
  return tags.join("");
}
