import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { createBrowserRouter, matchRoutes, RouterProvider } from "react-router";
import { AgeGateProvider } from "./app/layout/age-gate";
import { AppProviders, createQueryClient } from "./app/providers";
import { routes } from "./app/router";
import { hydrateFromPage } from "./app/ssr/state";
import { setPageDataVersion } from "./lib/model-events";
import "./styles.css";

/**
 * Loads the lazy route modules the current URL matches, so that the router starts initialized and the first
 * render is the page the server rendered (not the fallback).
 */
async function loadMatchedRoutes() {
  for (const { route } of matchRoutes(routes, window.location) ?? []) {
    if (typeof route.lazy !== "function") continue;
    const loaded = await route.lazy();
    Object.assign(route, loaded, { lazy: undefined });
  }
}

async function start() {
  const container = document.getElementById("root")!;
  const queryClient = createQueryClient();
  // Server-rendered public pages carry their data; private pages are rendered here from the shell.
  const state = hydrateFromPage(queryClient);
  if (state) await loadMatchedRoutes();
  if (state?.dataVersion) setPageDataVersion(state.dataVersion);
  const app = (
    <StrictMode>
      <AgeGateProvider accepted={state?.ageAccepted}>
        <AppProviders client={queryClient}>
          <RouterProvider router={createBrowserRouter(routes)} />
        </AppProviders>
      </AgeGateProvider>
    </StrictMode>
  );
  if (state) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
