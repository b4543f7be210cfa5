import { StrictMode } from "react";
import { renderToString } from "react-dom/server";
import { isAdultPath, pagesOf, type Params, type ServerRendering } from "@/lib/route-match";
import { matchRoutes, StaticRouter } from "@/lib/router";
import { AgeGateProvider, preloadAgeGateDialog } from "./app/layout/age-gate";
import { AppProviders, createQueryClient } from "./app/providers";
import { AppRoutes, preloadScreens, routes } from "./app/router";
import { dehydrateForPage, type PageInfo, pageLoadOf } from "./app/ssr/page-data";
import { type AgeAssuranceMode, SSR_STATE_ID } from "@vitrine/contracts";
import { serializeState } from "./app/ssr/state";
import { type ServerTransport, setServerTransport } from "./lib/api-client";

export type { PageInfo };

/**
 * A rendered public page: its status, the tags for <head>, the markup of #root and the state script, and the
 * source module of its lazy route, or of the age gate's dialog on a gate page (the server preloads its chunk, so
 * hydration does not wait for it).
 */
export type RenderedPage = { status: number; head: string; body: string; pageModule: string | null };

/**
 * The pages of the route table (app/router.tsx) with their whole patterns, the catch-all left out: the server
 * answers those with a server-rendered page (`serverRendered`, its data read and screen module `pageModule` in the
 * table) or the shell; the JavaScript budget (scripts/size.mjs) measures the server-rendered ones.
 */
export const pageRoutes: { path: string; serverRendered: boolean; pageModule: string | null }[] = pagesOf(routes)
  .filter(({ pattern }) => !pattern.endsWith("*"))
  .map(({ pattern, route }) => ({ path: pattern, serverRendered: !!route.ssr, pageModule: route.ssr?.module ?? null }));

/** The page `pathname` renders: a route of the table (its server rendering, if any) or the 404 page (null). */
function pageAt(pathname: string): { ssr: ServerRendering | null; params: Params } | null {
  const matched = matchRoutes(routes, pathname);
  const leaf = matched?.at(-1);
  if (!leaf || leaf.route.path === "*") return { ssr: null, params: {} };
  return leaf.route.ssr ? { ssr: leaf.route.ssr, params: leaf.params } : null;
}

/** The model whose profile `pathname` shows (its `:id` as written), or null: the server counts its view. */
export function viewedModel(pathname: string): string | null {
  const page = pageAt(pathname);
  return page?.ssr?.data === "profile" ? (page.params.id ?? null) : null;
}

export type RenderOptions = {
  /** Path and query string of the request. */
  url: string;
  /** Scheme and host of the site, for the canonical and Open Graph URLs. */
  origin: string;
  /**
   * The visitor passed the age gate: with self-declaration she accepted it (its cookie), with a verifier she holds
   * a valid age pass. Then no gate is rendered.
   */
  ageAccepted: boolean;
  /** The age check in force: its mode and the verifier's name (null without one). */
  age: { mode: AgeAssuranceMode; verifierName: string | null };
  /** The public data version read before the page's data (the browser compares it with the live stream's). */
  dataVersion: string;
  /** The last live-stream event id read before the page's data (the browser's stream resumes after it). */
  lastEventId: number;
};

/** How the query functions read the API on the server (set once by the server at start). */
export function configure({ transport }: { transport: ServerTransport }): void {
  setServerTransport(transport);
}

const isGatedPath = (pathname: string) => isAdultPath(routes, pathname);

/** The source module of the age gate's dialog (app/layout/age-gate.tsx loads it on demand). */
const AGE_GATE_DIALOG_MODULE = "src/app/layout/age-gate-dialog.tsx";

/**
 * Renders a server-rendered route of the table (home, city, profile) or the 404 page (a path no route matches) to
 * HTML with its data, as one string (it is cached and compressed as one body); null for a route the browser
 * renders.
 *
 * Without the age check passed (no pass with a verifier, the gate not accepted with self-declaration), a route of
 * the table renders the gate page: the route's data read still runs, for the page's status (404 stays 404) and its
 * gate head (the site, city, state and category only), but the markup is the gate instead of the page, and neither
 * the markup, the state nor the head (no picture, no preload) carries anything of that data.
 */
export async function render({
  url,
  origin,
  ageAccepted,
  age,
  dataVersion,
  lastEventId,
}: RenderOptions): Promise<RenderedPage | null> {
  // Under a fixed origin, so a path such as "//host" stays a path (an unknown one: the 404 page).
  const location = new URL(`http://localhost${url}`);
  const page = pageAt(location.pathname);
  if (!page) return null;
  // Behind the age gate (either mode) a page carries nothing of an advertiser: the head is the loader's gate head
  // and the data read is dropped before rendering, so neither the markup nor the state holds any of it. An `open`
  // page (the transparency report) shows nothing of an advertiser and is rendered for everyone.
  const gated = !ageAccepted && page.ssr !== null && !page.ssr.open;

  const queryClient = createQueryClient();
  queryClient.setDefaultOptions({
    queries: { ...queryClient.getDefaultOptions().queries, retry: false },
  });
  const info = await pageLoadOf(page.ssr?.data ?? null)(queryClient, page.params, location.searchParams, gated);
  if (gated) queryClient.clear();
  else await preloadScreens(matchRoutes(routes, location.pathname) ?? []);
  // A visitor who has not passed the age check may be shown the gate: its dialog is a module of its own.
  if (!ageAccepted) await preloadAgeGateDialog();
  const assurance = { ...age, passed: age.mode === "verifier" ? ageAccepted : null };

  // Everything the page needs is loaded before rendering (its data prefetched, its screen's module preloaded),
  // so nothing suspends and the synchronous renderer gives the whole document at once; it
  // writes a string directly, where the streaming renderer encodes chunks to bytes that are decoded again.
  const markup = renderToString(
    <StrictMode>
      <AgeGateProvider accepted={ageAccepted} assurance={assurance} isGatedPath={isGatedPath}>
        <AppProviders client={queryClient}>
          <StaticRouter location={location.pathname + location.search}>
            <AppRoutes />
          </StaticRouter>
        </AppProviders>
      </AgeGateProvider>
    </StrictMode>,
  );
  const state = serializeState({
    queries: dehydrateForPage(queryClient),
    ageAccepted,
    ageMode: age.mode,
    verifierName: age.verifierName,
    dataVersion,
    lastEventId,
  });
  queryClient.clear();
  return {
    status: info.status,
    head: headTags(info, origin),
    body: `<div id="root">${markup}</div><script type="application/json" id="${SSR_STATE_ID}">${state}</script>`,
    // The gate page shows no screen of the route: the first script is given the gate's dialog instead.
    pageModule: gated ? AGE_GATE_DIALOG_MODULE : (page.ssr?.module ?? null),
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
