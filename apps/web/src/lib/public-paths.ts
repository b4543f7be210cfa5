/**
 * The API paths a visitor's pages call, and the screens of the web app. Public pages import this module, not
 * ./paths.ts: their first load carries only these paths, and the signed-in ones stay in the signed-in pages' code.
 */
export type Id = number | string;
export const enc = (id: Id) => encodeURIComponent(String(id));

/** The API paths of the public pages (./paths.ts joins them with the signed-in ones into `apiPaths`). */
export const publicApiPaths = {
  auth: {
    verify: "/api/auth/verify",
  },
  settings: {
    public: "/api/settings/public",
    publicPlans: "/api/settings/public/plans",
  },
  cities: {
    list: "/api/cities",
    states: "/api/cities/states",
    search: "/api/cities/search",
    estados: "/api/cities/estados",
    municipios: (estadoId: Id) => `/api/cities/municipios/${enc(estadoId)}`,
    bySlug: (slug: string) => `/api/cities/by-slug/${enc(slug)}`,
  },
  visits: "/api/visits",
  ageGate: "/api/age-gate",
  /** Age assurance with a verifier: start a check (a page's link, ?next=), and the mode and pass in force. */
  age: {
    start: "/api/age/start",
    status: "/api/age/status",
  },
  models: {
    public: "/api/models/public",
    publicById: (id: Id) => `/api/models/public/${enc(id)}`,
    /** The cards of the public ones among some ids (the "Favoritas" page). */
    publicCards: "/api/models/public/cards",
    publicContact: (id: Id) => `/api/models/public/${enc(id)}/contact`,
    events: "/api/models/events",
  },
} as const;

/** Screens of the web app. */
export const appPaths = {
  home: "/",
  city: (slug: string) => `/cidade/${enc(slug)}`,
  modelProfile: (citySlug: string, modelSlug: string, id: Id) =>
    `/cidade/${enc(citySlug)}/${enc(modelSlug)}/${enc(id)}`,
  /** The visitor's favourites, kept on her device. */
  favourites: "/favoritas",
  login: "/login",
  modelLogin: "/model/login",
  register: "/register",
  dashboard: "/dashboard",
  dashboardProfile: "/dashboard/profile",
  dashboardGallery: "/dashboard/gallery",
  dashboardSales: "/dashboard/vendas",
  /** Her analytics per day and per photo (decision 077). */
  dashboardAnalytics: "/dashboard/estatisticas",
  dashboardSettings: "/dashboard/configuracoes",
  /** Buying a boost and following it (decision 079). */
  dashboardBoosts: "/dashboard/impulsionar",
  /** The public rules of the listing order, paid boosts included. */
  rankingRules: "/como-ordenamos",
  dashboardModeration: "/dashboard/moderacao",
  dashboardVerification: "/dashboard/verificacao",
  /** "Revise o acesso à sua conta": her first screen after a password reset (her passkeys and sessions). */
  dashboardAccessReview: "/dashboard/revisar-acesso",
  reportNotice: "/denuncias",
  /** The public transparency report (decision 076), `?periodo=2026-T4` or `?periodo=2026`. */
  transparency: "/transparencia",
  /** The page an identified notice's e-mail link opens (its state; confirms it). */
  noticeConfirm: "/denuncias/confirmar",
  adminLogin: "/admin/login",
  adminDashboard: "/admin/dashboard",
  adminChangePassword: "/admin/trocar-senha",
  adminAccessReview: "/admin/revisar-acesso",
  adminModels: "/admin/models",
  adminOrders: "/admin/orders",
  adminSettings: "/admin/settings",
  adminStats: "/admin/stats",
  adminPixQr: "/admin/pix-qr",
  adminAudit: "/admin/audit",
  /** The review queue of paid boosts and their products (decision 079). */
  adminBoosts: "/admin/impulsionamentos",
  adminModeration: "/admin/denuncias",
  adminModerationCase: (id: Id) => `/admin/denuncias/${enc(id)}`,
  adminAgeAssurance: "/admin/age-assurance",
  adminTrustedNotifiers: "/admin/notificadores",
  adminTransparency: "/admin/transparencia",
  /** A trusted notifier's own pages (decision 061): its reports, its sign-in, and its e-mailed link. */
  notifierHome: "/notificador",
  notifierLogin: "/notificador/entrar",
  notifierSetPassword: "/notificador/definir-senha",
  adminJobs: "/admin/jobs",
  adminVerifications: "/admin/verificacoes",
  adminVerification: (id: Id) => `/admin/verificacoes/${enc(id)}`,
  checkout: (productId: Id) => `/checkout/${enc(productId)}`,
  paymentSuccess: "/payment/success",
  paymentFailure: "/payment/failure",
} as const;
