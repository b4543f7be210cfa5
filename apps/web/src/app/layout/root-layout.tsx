import { type ComponentType, lazy, Suspense } from "react";
import { Outlet, useLocation } from "@/lib/router";
import { PageSpinner, Toaster } from "@/components/ui";
import { TermsModalProvider } from "@/features/settings/components/terms-modal-provider";
import { AgeGate, useAgeGate } from "./age-gate";
import { Header } from "./header";
import { RouteAnnouncer } from "./route-announcer";
import { ScrollRestoration } from "./scroll-restoration";
import { TopProgressBar } from "./top-progress-bar";
import { useUnauthorizedRedirect } from "./use-unauthorized-redirect";

/**
 * The footer is below the first screen: the browser downloads and hydrates it after the page (its own Suspense
 * boundary keeps the server's markup, whose links work as plain links, until then). The server loads it before
 * rendering any page and renders it at once.
 */
let LoadedFooter: ComponentType | null = null;
const loadFooter = () =>
  import("./footer").then((m) => {
    LoadedFooter = m.Footer;
    return { default: m.Footer };
  });
const LazyFooter = lazy(loadFooter);
if (import.meta.env.SSR) await loadFooter();
const Footer = () => (LoadedFooter ? <LoadedFooter /> : <LazyFooter />);

/** The page's main landmark: the skip link's target, and where the focus goes after a page change. */
const MAIN_ID = "conteudo";

/** The frame of every page: header, page, footer, plus the age gate, the top progress bar and the toasts. */
export function RootLayout() {
  useUnauthorizedRedirect();
  const { pathname } = useLocation();
  // While the age gate is shown (either mode), it stands instead of the page: the server sends none of the page's
  // content, and no query of it runs until the visitor passes.
  const { open: gated } = useAgeGate();
  const pageHidden = gated;
  return (
    <TermsModalProvider>
      {/* The advertiser's pages show signed photo URLs: no Referer leaves them (React puts this in <head>). */}
      {pathname.startsWith("/dashboard") && <meta name="referrer" content="no-referrer" />}
      <div className="flex min-h-dvh flex-col" inert={gated}>
        <a
          href={`#${MAIN_ID}`}
          className="sr-only z-modal rounded-full bg-accent px-4 py-2 text-accent-ink focus:not-sr-only focus:fixed focus:top-3 focus:left-3"
        >
          Pular para o conteúdo
        </a>
        <Header />
        <main id={MAIN_ID} tabIndex={-1} className="flex flex-1 flex-col">
          {/* A screen whose module is still loading (the first visit of a private page) shows the spinner. */}
          {!pageHidden && (
            <Suspense fallback={<PageSpinner />}>
              <Outlet />
            </Suspense>
          )}
        </main>
        <Suspense fallback={null}>
          <Footer />
        </Suspense>
      </div>
      <AgeGate />
      <TopProgressBar />
      <Toaster />
      <ScrollRestoration />
      <RouteAnnouncer mainId={MAIN_ID} />
    </TermsModalProvider>
  );
}
