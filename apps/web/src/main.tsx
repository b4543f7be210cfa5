import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { BrowserRouter, matchRoutes } from "@/lib/router";
import { AgeGateProvider } from "./app/layout/age-gate";
import { AppProviders, createQueryClient } from "./app/providers";
import { AppRoutes, preloadScreens, routes } from "./app/router";
import { hydrateFromPage } from "./app/ssr/state";
import { setPageDataVersion } from "./lib/model-events";
import "./styles.css";

async function start() {
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
    </StrictMode>
  );
  if (state) hydrateRoot(container, app);
  else createRoot(container).render(app);
}

void start();
