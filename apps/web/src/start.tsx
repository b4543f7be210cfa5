import { StrictMode, startTransition, useEffect } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, matchRoutes } from "@/lib/router";
import { AgeGateProvider } from "./app/layout/age-gate";
import { AppProviders, createQueryClient } from "./app/providers";
import { AppRoutes, preloadScreens, routes } from "./app/router";
import { hydrateFromPage } from "./app/ssr/state";
import { setPageDataVersion } from "./lib/model-events";

/** Calls `onReady` once, after the first render or hydration is committed. */
function Ready({ onReady }: { onReady: () => void }) {
  useEffect(onReady, [onReady]);
  return null;
}

/** Renders the app into #root, or hydrates the server's markup when the page carries the server's state. */
export async function startApp(onReady: () => void) {
  const container = document.getElementById("root")!;
  const queryClient = createQueryClient();
  // Server-rendered public pages carry their data; private pages are rendered here from the shell.
  const state = hydrateFromPage(queryClient);
  // The server-rendered page's screen is loaded before hydrating, so the first render is that page.
  if (state) await preloadScreens(matchRoutes(routes, window.location) ?? []);
  if (state?.dataVersion) setPageDataVersion(state.dataVersion);
  const app = (
    <StrictMode>
      <AgeGateProvider accepted={state?.ageAccepted}>
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
