import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { AGE_MODE_META } from "@vitrine/contracts";
import { isAdultPath } from "@/lib/route-match";
import { BrowserRouter, matchRoutes } from "@/lib/router";
import { type AgeAssurance, AgeGateProvider, preloadAgeGateForStart, startAgeAssurance } from "./app/layout/age-gate";
import { AppProviders, createQueryClient } from "./app/providers";
import { AppRoutes, preloadScreens, routes } from "./app/router";
import { hydrateFromPage, type SsrState } from "./app/ssr/state";
import { setPageDataVersion, setPageEventId } from "./lib/model-events";

/** Calls `onReady` once, after the first render or hydration is committed. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/**
 * The age check in force as the page tells it: the server's state of a rendered page, or the mode the server
 * wrote into the shell of a page the browser renders (the pass is then asked for); null when the page tells
 * nothing (a development server's page).
 */
function ageAssuranceOf(state: SsrState | null): AgeAssurance | null {
  if (state) {
    const mode = state.ageMode ?? "self-declaration";
    return { mode, verifierName: state.verifierName ?? null, passed: mode === "verifier" ? state.ageAccepted : null };
  }
  const mode = document.querySelector(`meta[name="${AGE_MODE_META}"]`)?.getAttribute("content");
  return mode === "verifier" || mode === "self-declaration" ? { mode, verifierName: null, passed: null } : null;
}

const isGatedPath = (pathname: string) => isAdultPath(routes, pathname);

/** Renders the app into #root, or hydrates the server's markup when the page carries the server's state. */
export async function startApp(onReady: () => void) {
  const container = document.getElementById("root")!;
  const queryClient = createQueryClient();
  // Server-rendered public pages carry their data; private pages are rendered here from the shell.
  const state = hydrateFromPage(queryClient);
  const assurance = startAgeAssurance(ageAssuranceOf(state));
  // The server-rendered page's screen is loaded before hydrating, so the first render is that page (a verifier's
  // gate page has none: it stands instead of the page); so is the age gate's dialog when that render shows it.
  const verifierGate = assurance.mode === "verifier" && assurance.passed === false;
  await Promise.all([
    state && !verifierGate ? preloadScreens(matchRoutes(routes, window.location) ?? []) : null,
    preloadAgeGateForStart(state?.ageAccepted),
  ]);
  if (state?.dataVersion) setPageDataVersion(state.dataVersion);
  if (state?.lastEventId !== undefined) setPageEventId(state.lastEventId);
  const app = (
    <StrictMode>
      <AgeGateProvider accepted={state?.ageAccepted} assurance={assurance} isGatedPath={isGatedPath}>
        <AppProviders client={queryClient}>
          <BrowserRouter>
            <AppRoutes />
          </BrowserRouter>
        </AppProviders>
      </AgeGateProvider>
      <Ready onReady={onReady} />
    </StrictMode>
  );
  // Hydration as a transition is done in slices that yield to the browser (a tap or a frame never waits long for
  // it); the page is already on screen, so nothing is lost by letting it take a few more frames.
  if (state) startTransition(() => void hydrateRoot(container, app));
  else createRoot(container).render(app);
}
