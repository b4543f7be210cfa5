import type { ComponentType } from "react";
import { createBrowserRouter, type RouteObject } from "react-router";
import { PageSpinner } from "@/components/ui";
import { AdminGuard } from "@/features/auth/components/admin-guard";
import { RootLayout } from "./layout/root-layout";
import { NotFoundPage } from "./not-found-page";

/**
 * Each screen lives in its own file and is loaded on demand; replacing a page means editing only that file
 * (keep its exported name). `page(() => import(…), "Name")` turns a named export into a lazy route.
 */
function page<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string) {
  return async () => ({ Component: (await load())[name] as ComponentType });
}

/** The route table. Exported without a router so a server renderer can reuse it. */
export const routes: RouteObject[] = [
  {
    path: "/",
    Component: RootLayout,
    HydrateFallback: PageSpinner,
    children: [
      { index: true, lazy: page(() => import("@/features/public/pages/home-page"), "HomePage") },
      { path: "cidade/:slug", lazy: page(() => import("@/features/public/pages/home-page"), "HomePage") },
      {
        path: "cidade/:citySlug/:modelSlug/:id",
        lazy: page(() => import("@/features/public/pages/model-profile-page"), "ModelProfilePage"),
      },
      {
        path: "modelo/:slug",
        lazy: page(() => import("@/features/public/pages/model-profile-page"), "ModelProfilePage"),
      },
      { path: "model/:id", lazy: page(() => import("@/features/public/pages/model-profile-page"), "ModelProfilePage") },

      { path: "login", lazy: page(() => import("@/features/auth/pages/model-login-page"), "ModelLoginPage") },
      { path: "model/login", lazy: page(() => import("@/features/auth/pages/model-login-page"), "ModelLoginPage") },
      { path: "register", lazy: page(() => import("@/features/auth/pages/register-page"), "RegisterPage") },

      { path: "dashboard", lazy: page(() => import("@/features/dashboard/pages/dashboard-page"), "DashboardPage") },
      {
        path: "dashboard/profile",
        lazy: page(() => import("@/features/dashboard/pages/profile-edit-page"), "ProfileEditPage"),
      },
      {
        path: "dashboard/gallery",
        lazy: page(() => import("@/features/dashboard/pages/gallery-page"), "GalleryPage"),
      },
      {
        path: "dashboard/vendas",
        lazy: page(() => import("@/features/products/pages/sales-page"), "SalesPage"),
      },
      {
        path: "dashboard/configuracoes",
        lazy: page(() => import("@/features/account/pages/account-settings-page"), "AccountSettingsPage"),
      },

      { path: "admin/login", lazy: page(() => import("@/features/auth/pages/admin-login-page"), "AdminLoginPage") },
      {
        // Pathless layouts: the guard, then the admin frame (loaded on demand with the first admin page, so no
        // admin code reaches the public pages); unknown /admin/* paths still reach the 404 below.
        Component: AdminGuard,
        children: [
          {
            lazy: page(() => import("@/features/admin/components/admin-layout"), "AdminLayout"),
            children: [
              {
                path: "admin/dashboard",
                lazy: page(() => import("@/features/admin/pages/admin-dashboard-page"), "AdminDashboardPage"),
              },
              {
                path: "admin/models",
                lazy: page(() => import("@/features/admin/pages/admin-models-page"), "AdminModelsPage"),
              },
              {
                path: "admin/orders",
                lazy: page(() => import("@/features/admin/pages/admin-orders-page"), "AdminOrdersPage"),
              },
              {
                path: "admin/settings",
                lazy: page(() => import("@/features/admin/pages/admin-settings-page"), "AdminSettingsPage"),
              },
              {
                path: "admin/stats",
                lazy: page(() => import("@/features/admin/pages/admin-stats-page"), "AdminStatsPage"),
              },
              {
                path: "admin/pix-qr",
                lazy: page(() => import("@/features/admin/pages/admin-pix-qr-page"), "AdminPixQrPage"),
              },
              {
                path: "admin/audit",
                lazy: page(() => import("@/features/admin/pages/admin-audit-page"), "AdminAuditPage"),
              },
            ],
          },
        ],
      },

      {
        path: "checkout/:productId",
        lazy: page(() => import("@/features/checkout/pages/checkout-page"), "CheckoutPage"),
      },
      {
        path: "payment/success",
        lazy: page(() => import("@/features/payments/pages/payment-success-page"), "PaymentSuccessPage"),
      },
      {
        path: "payment/failure",
        lazy: page(() => import("@/features/payments/pages/payment-failure-page"), "PaymentFailurePage"),
      },
      { path: "*", Component: NotFoundPage },
    ],
  },
];

export function createAppRouter() {
  return createBrowserRouter(routes);
}
