import type { ComponentType } from "react";

/**
 * The screens of the signed-in accounts (an advertiser's dashboard, the admin's pages, a trusted notifier's) and
 * of the way to them (sign-in, registration, password), by their exported name. The route table (./router.tsx)
 * loads this module with the first of them: a visitor's pages never download these imports nor the lists of files
 * each one preloads.
 */
const screens = {
  // The screens that lead to an account: its sign-in, registration and password.
  ModelLoginPage: () => import("@/features/auth/pages/model-login-page").then((m) => m.ModelLoginPage),
  RegisterPage: () => import("@/features/auth/pages/register-page").then((m) => m.RegisterPage),
  ForgotPasswordPage: () => import("@/features/auth/pages/forgot-password-page").then((m) => m.ForgotPasswordPage),
  ResetPasswordPage: () => import("@/features/auth/pages/reset-password-page").then((m) => m.ResetPasswordPage),
  ConfirmEmailPage: () => import("@/features/auth/pages/confirm-email-page").then((m) => m.ConfirmEmailPage),
  // The signed-in accounts' own screens.
  NotifierHomePage: () => import("@/features/notifier/pages/notifier-home-page").then((m) => m.NotifierHomePage),
  NotifierLoginPage: () => import("@/features/notifier/pages/notifier-login-page").then((m) => m.NotifierLoginPage),
  NotifierSetPasswordPage: () =>
    import("@/features/notifier/pages/notifier-set-password-page").then((m) => m.NotifierSetPasswordPage),
  AdminLoginPage: () => import("@/features/auth/pages/admin-login-page").then((m) => m.AdminLoginPage),
  SignedInFrame: () => import("@/features/auth/components/signed-in-frame").then((m) => m.SignedInFrame),
  DashboardPage: () => import("@/features/dashboard/pages/dashboard-page").then((m) => m.DashboardPage),
  ProfileEditPage: () => import("@/features/dashboard/pages/profile-edit-page").then((m) => m.ProfileEditPage),
  GalleryPage: () => import("@/features/dashboard/pages/gallery-page").then((m) => m.GalleryPage),
  AnalyticsPage: () => import("@/features/dashboard/pages/analytics-page").then((m) => m.AnalyticsPage),
  BoostsPage: () => import("@/features/boosts/pages/boosts-page").then((m) => m.BoostsPage),
  SalesPage: () => import("@/features/products/pages/sales-page").then((m) => m.SalesPage),
  ModerationPage: () => import("@/features/dashboard/pages/moderation-page").then((m) => m.ModerationPage),
  VerificationPage: () => import("@/features/dashboard/pages/verification-page").then((m) => m.VerificationPage),
  AccountSettingsPage: () =>
    import("@/features/account/pages/account-settings-page").then((m) => m.AccountSettingsPage),
  ModelAccessReviewPage: () => import("@/features/auth/pages/access-review-page").then((m) => m.ModelAccessReviewPage),
  AdminChangePasswordPage: () =>
    import("@/features/admin/pages/admin-change-password-page").then((m) => m.AdminChangePasswordPage),
  AdminLayout: () => import("@/features/admin/components/admin-layout").then((m) => m.AdminLayout),
  AdminAccessReviewPage: () => import("@/features/auth/pages/access-review-page").then((m) => m.AdminAccessReviewPage),
  AdminDashboardPage: () => import("@/features/admin/pages/admin-dashboard-page").then((m) => m.AdminDashboardPage),
  AdminModelsPage: () => import("@/features/admin/pages/admin-models-page").then((m) => m.AdminModelsPage),
  AdminOrdersPage: () => import("@/features/admin/pages/admin-orders-page").then((m) => m.AdminOrdersPage),
  AdminSettingsPage: () => import("@/features/admin/pages/admin-settings-page").then((m) => m.AdminSettingsPage),
  AdminStatsPage: () => import("@/features/admin/pages/admin-stats-page").then((m) => m.AdminStatsPage),
  AdminPixQrPage: () => import("@/features/admin/pages/admin-pix-qr-page").then((m) => m.AdminPixQrPage),
  AdminVerificationsPage: () =>
    import("@/features/admin/pages/admin-verifications-page").then((m) => m.AdminVerificationsPage),
  AdminVerificationPage: () =>
    import("@/features/admin/pages/admin-verification-page").then((m) => m.AdminVerificationPage),
  AdminModerationPage: () => import("@/features/admin/pages/admin-moderation-page").then((m) => m.AdminModerationPage),
  AdminModerationCasePage: () =>
    import("@/features/admin/pages/admin-moderation-case-page").then((m) => m.AdminModerationCasePage),
  AdminTransparencyPage: () =>
    import("@/features/transparency/pages/admin-transparency-page").then((m) => m.AdminTransparencyPage),
  AdminBoostsPage: () => import("@/features/boosts/pages/admin-boosts-page").then((m) => m.AdminBoostsPage),
  AdminTrustedNotifiersPage: () =>
    import("@/features/admin/pages/admin-trusted-notifiers-page").then((m) => m.AdminTrustedNotifiersPage),
  AdminAuditPage: () => import("@/features/admin/pages/admin-audit-page").then((m) => m.AdminAuditPage),
  AdminAgeAssurancePage: () =>
    import("@/features/admin/pages/admin-age-assurance-page").then((m) => m.AdminAgeAssurancePage),
  AdminJobsPage: () => import("@/features/admin/pages/admin-jobs-page").then((m) => m.AdminJobsPage),
} satisfies Record<string, () => Promise<ComponentType>>;

export type SignedInScreen = keyof typeof screens;

/** Loads the module of the signed-in screen `name` and answers its component. */
export const loadSignedInScreen = (name: SignedInScreen): Promise<ComponentType> => screens[name]();
