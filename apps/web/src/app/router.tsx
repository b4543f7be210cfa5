import { type ComponentType, createElement, lazy } from "react";
import type { ServerRendering } from "@/lib/route-match";
import { type RouteObject, useRoutes } from "@/lib/router";
import { AdminGuard } from "@/features/auth/components/admin-guard";
import { RootLayout } from "./layout/root-layout";
import { NotFoundPage } from "./not-found-page";
import type { SignedInScreen } from "./signed-in-screens";
import type { PageData } from "./ssr/page-data";

/** A screen loaded on demand; `preload()` fetches its module ahead (the browser does it before hydrating). */
export type LazyPage = ComponentType & { preload: () => Promise<ComponentType> };

/**
 * Each screen lives in its own file and is loaded on demand; replacing a page means editing only that file
 * (keep its exported name). `page(() => import(…), "Name")` turns a named export into a lazy screen. Once its
 * module is loaded the screen renders at once (no suspension), so a page preloaded before hydration hydrates
 * in the first pass. The router changes pages in a transition, so while a module loads the previous page stays on
 * screen and the top progress bar runs.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): LazyPage {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () => {
    loading ??= (async () => {
      try {
        loaded = (await load())[name] as ComponentType;
        return loaded;
      } catch (err) {
        loading = null;
        throw err;
      }
    })();
    return loading;
  };
  const Suspending = lazy(async () => ({ default: await preload() }));
  const Screen = () => createElement(loaded ?? Suspending);
  return Object.assign(Screen, { preload });
}

/**
 * A public route rendered on the server: its screen's source file and its data read (./ssr/page-data.ts, which
 * also gives its status, title and meta). Routes without it are rendered by the browser (the server sends the
 * shell); the server's page routes and profile-view counting are read from this table.
 */
const serverRendered = (module: string, data: PageData): ServerRendering => ({ module, data });

/**
 * A signed-in account's screen, or one of the screens that lead to an account (sign-in, register, password),
 * loaded through ./signed-in-screens.ts (out of the visitors' first load).
 */
const signedIn = (name: SignedInScreen): LazyPage =>
  page(async () => ({ [name]: await (await import("./signed-in-screens")).loadSignedInScreen(name) }), name);

const HomePage = page(() => import("@/features/public/pages/home-page"), "HomePage");
const listing = serverRendered("src/features/public/pages/home-page.tsx", "listing");
const ModelProfilePage = page(() => import("@/features/public/pages/model-profile-page"), "ModelProfilePage");
const profile = serverRendered("src/features/public/pages/model-profile-page.tsx", "profile");
const ModelLoginPage = signedIn("ModelLoginPage");
const TransparencyPage = page(() => import("@/features/transparency/pages/transparency-page"), "TransparencyPage");
/** The transparency report (decision 076): server-rendered for everyone, outside the age check. */
const transparency: ServerRendering = {
  ...serverRendered("src/features/transparency/pages/transparency-page.tsx", "transparency"),
  open: true,
};

/** The route table. Exported without a router so a server renderer can reuse it. */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    children: [
      { index: true, Component: HomePage, ssr: listing },
      { path: "cidade/:slug", Component: HomePage, ssr: listing },
      // The three forms of a profile address; `:id` is the model's id, alone or after its name ("aurora-12").
      { path: "cidade/:citySlug/:modelSlug/:id", Component: ModelProfilePage, ssr: profile },
      { path: "modelo/:id", Component: ModelProfilePage, ssr: profile },
      { path: "model/:id", Component: ModelProfilePage, ssr: profile },
      {
        // The visitor's favourites are on her device only: the browser renders the page (decision 075).
        path: "favoritas",
        Component: page(() => import("@/features/public/pages/favourites-page"), "FavouritesPage"),
        adult: true,
      },

      { path: "login", Component: ModelLoginPage },
      { path: "model/login", Component: ModelLoginPage },
      { path: "register", Component: signedIn("RegisterPage") },
      {
        path: "esqueci-senha",
        Component: signedIn("ForgotPasswordPage"),
      },
      {
        path: "redefinir-senha",
        Component: signedIn("ResetPasswordPage"),
      },
      {
        path: "confirmar-email",
        Component: signedIn("ConfirmEmailPage"),
      },
      {
        path: "denuncias",
        Component: page(() => import("@/features/public/pages/report-notice-page"), "ReportNoticePage"),
      },
      { path: "transparencia", Component: TransparencyPage, ssr: transparency },
      {
        // An identified notice's e-mail link: outside the age check, like /denuncias (no `adult`, no `ssr`).
        path: "denuncias/confirmar",
        Component: page(() => import("@/features/public/pages/notice-confirm-page"), "NoticeConfirmPage"),
      },
      // A trusted notifier's own pages (decision 061): outside the age check, with its own sign-in.
      {
        path: "notificador",
        Component: signedIn("NotifierHomePage"),
      },
      {
        path: "notificador/entrar",
        Component: signedIn("NotifierLoginPage"),
      },
      {
        path: "notificador/definir-senha",
        Component: signedIn("NotifierSetPasswordPage"),
      },

      {
        path: "admin/login",
        Component: signedIn("AdminLoginPage"),
      },
      {
        // The signed-in pages' frame (loaded with the first of them): the "Confirme que é você" dialog a sensitive
        // change may ask for, and the access review that follows a password reset.
        Component: signedIn("SignedInFrame"),
        children: [
          {
            path: "dashboard",
            Component: signedIn("DashboardPage"),
          },
          {
            path: "dashboard/profile",
            Component: signedIn("ProfileEditPage"),
          },
          {
            path: "dashboard/gallery",
            Component: signedIn("GalleryPage"),
          },
          {
            // Her analytics: the only signed-in page with charts besides the admin's (Recharts loads with it).
            path: "dashboard/estatisticas",
            Component: signedIn("AnalyticsPage"),
          },
          {
            path: "dashboard/impulsionar",
            Component: signedIn("BoostsPage"),
          },
          {
            path: "dashboard/vendas",
            Component: signedIn("SalesPage"),
          },
          {
            path: "dashboard/moderacao",
            Component: signedIn("ModerationPage"),
          },
          {
            path: "dashboard/verificacao",
            Component: signedIn("VerificationPage"),
          },
          {
            path: "dashboard/configuracoes",
            Component: signedIn("AccountSettingsPage"),
          },
          {
            path: "dashboard/revisar-acesso",
            Component: signedIn("ModelAccessReviewPage"),
          },

          {
            // Pathless layouts: the guard, then the admin frame (loaded on demand with the first admin page, so no
            // admin code reaches the public pages); unknown /admin/* paths still reach the 404 below.
            Component: AdminGuard,
            children: [
              {
                path: "admin/trocar-senha",
                Component: signedIn("AdminChangePasswordPage"),
              },
              {
                Component: signedIn("AdminLayout"),
                children: [
                  {
                    path: "admin/revisar-acesso",
                    Component: signedIn("AdminAccessReviewPage"),
                  },
                  {
                    path: "admin/dashboard",
                    Component: signedIn("AdminDashboardPage"),
                  },
                  {
                    path: "admin/models",
                    Component: signedIn("AdminModelsPage"),
                  },
                  {
                    path: "admin/orders",
                    Component: signedIn("AdminOrdersPage"),
                  },
                  {
                    path: "admin/settings",
                    Component: signedIn("AdminSettingsPage"),
                  },
                  {
                    path: "admin/stats",
                    Component: signedIn("AdminStatsPage"),
                  },
                  {
                    path: "admin/pix-qr",
                    Component: signedIn("AdminPixQrPage"),
                  },
                  {
                    path: "admin/verificacoes",
                    Component: signedIn("AdminVerificationsPage"),
                  },
                  {
                    path: "admin/verificacoes/:id",
                    Component: signedIn("AdminVerificationPage"),
                  },
                  {
                    path: "admin/denuncias",
                    Component: signedIn("AdminModerationPage"),
                  },
                  {
                    path: "admin/denuncias/:id",
                    Component: signedIn("AdminModerationCasePage"),
                  },
                  {
                    path: "admin/transparencia",
                    Component: signedIn("AdminTransparencyPage"),
                  },
                  {
                    path: "admin/impulsionamentos",
                    Component: signedIn("AdminBoostsPage"),
                  },
                  {
                    path: "admin/notificadores",
                    Component: signedIn("AdminTrustedNotifiersPage"),
                  },
                  {
                    path: "admin/audit",
                    Component: signedIn("AdminAuditPage"),
                  },
                  {
                    path: "admin/age-assurance",
                    Component: signedIn("AdminAgeAssurancePage"),
                  },
                  {
                    path: "admin/jobs",
                    Component: signedIn("AdminJobsPage"),
                  },
                ],
              },
            ],
          },
        ],
      },

      {
        path: "checkout/:productId",
        Component: page(() => import("@/features/checkout/pages/checkout-page"), "CheckoutPage"),
        adult: true,
      },
      {
        path: "payment/success",
        Component: page(() => import("@/features/payments/pages/payment-success-page"), "PaymentSuccessPage"),
      },
      {
        path: "payment/failure",
        Component: page(() => import("@/features/payments/pages/payment-failure-page"), "PaymentFailurePage"),
      },
      {
        // How the listing is ordered (decision 079): a plain page, outside the age check like /denuncias.
        path: "como-ordenamos",
        Component: page(() => import("@/features/boosts/pages/ranking-rules-page"), "RankingRulesPage"),
      },
      { path: "*", Component: NotFoundPage },
    ],
  },
];

/** The page for the current location (inside a BrowserRouter or a StaticRouter). */
export function AppRoutes() {
  return useRoutes(routes);
}

/** Loads the screens `location` matches, so that the first render (hydration) needs no module it lacks. */
export async function preloadScreens(matched: { route: RouteObject }[]): Promise<void> {
  await Promise.all(
    matched.map(({ route }) => {
      const screen = route.Component as Partial<LazyPage> | null | undefined;
      return screen?.preload?.();
    }),
  );
}
