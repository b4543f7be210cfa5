/**
 * Every API path the web app calls, in one place: the public pages' ones (./public-paths.ts, which the public pages
 * import themselves) and the signed-in ones. Functions build paths with ids; query strings are passed separately
 * through the API client's `query` option.
 */
import { enc, type Id, publicApiPaths } from "./public-paths";

export { appPaths } from "./public-paths";

/** The calls of one account's two-step sign-in under `root`. */
/** "Confirme que é você" (a recent proof) and the access review after a password reset, under `root`. */
const recentProofPaths = (root: string) => ({
  root,
  passkeyOptions: `${root}/passkey/options`,
  passkey: `${root}/passkey`,
  accessReview: `${root}/access-review`,
  accessReviewDone: `${root}/access-review/done`,
});
const twoFactorPaths = (root: string) => ({
  root,
  setup: `${root}/setup`,
  confirm: `${root}/confirm`,
  recoveryCodes: `${root}/recovery-codes`,
  replace: `${root}/replace`,
  disable: `${root}/disable`,
});

// A pure call: a module importing only `appPaths` from here (a public page) leaves this table out of its bundle.
export const apiPaths = /* @__PURE__ */ (() =>
  ({
    /** Trusted notifiers (decision 061): the admin's list and changes, and the notifier's own sign-in and reports. */
    trustedNotifiers: {
      list: "/api/admin/trusted-notifiers",
      invite: (id: Id) => `/api/admin/trusted-notifiers/${enc(id)}/invite`,
      revoke: (id: Id) => `/api/admin/trusted-notifiers/${enc(id)}/revoke`,
    },
    notifier: {
      password: "/api/notifier/password",
      login: "/api/notifier/login",
      me: "/api/notifier/me",
      reports: "/api/notifier/reports",
    },
    auth: {
      ...publicApiPaths.auth,
      adminLogin: "/api/auth/admin/login",
      modelLogin: "/api/auth/model/login",
      modelRegister: "/api/auth/model/register",
      directLogin: "/api/auth/model/direct-login",
      /** The second step of a sign-in (a code), and an admin's first set-up of her authenticator. */
      twoFactor: (role: "admin" | "model") => `/api/auth/${role}/two-factor`,
      twoFactorSetup: (role: "admin" | "model") => `/api/auth/${role}/two-factor/setup`,
      twoFactorConfirm: (role: "admin" | "model") => `/api/auth/${role}/two-factor/confirm`,
    },
    /** The signed-in account's two-step sign-in (Configurações): the advertiser's and the admin's. */
    twoFactor: {
      model: twoFactorPaths("/api/models/two-factor"),
      admin: twoFactorPaths("/api/admin/two-factor"),
    },
    /** The signed-in account's recent proof (a sensitive change asks for one) and access review. */
    recentProof: {
      model: recentProofPaths("/api/models/recent-proof"),
      admin: recentProofPaths("/api/admin/recent-proof"),
    },
    settings: publicApiPaths.settings,
    cities: publicApiPaths.cities,
    categories: "/api/categories",
    /** Paid boosts (decision 079): hers, buying one, the admin's review queue and products. */
    boosts: {
      own: "/api/models/boosts",
      pix: "/api/models/boosts/pix",
      checkout: "/api/models/boosts/checkout",
      admin: "/api/admin/boosts",
      approve: (id: Id) => `/api/admin/boosts/${enc(id)}/approve`,
      reject: (id: Id) => `/api/admin/boosts/${enc(id)}/reject`,
      products: "/api/admin/boost-products",
      product: (id: Id) => `/api/admin/boost-products/${enc(id)}`,
    },
    /** The transparency report of a period (`?periodo=`): public figures, and the admin's with the cases. */
    transparency: { public: "/api/transparency", admin: "/api/admin/transparency" },
    /** The admin's list of service names, as the profile editor and the filters read it. */
    serviceOptions: "/api/service-options",
    visits: publicApiPaths.visits,
    ageGate: publicApiPaths.ageGate,
    age: publicApiPaths.age,
    models: {
      ...publicApiPaths.models,
      /** Her own live stream (./own-events.ts), opened with a ticket from eventsTicket. */
      ownEvents: "/api/models/own-events",
      eventsTicket: "/api/models/events/ticket",
      profile: "/api/models/profile",
      /** Her analytics, `?dias=7|30|90` (decision 077). */
      analytics: "/api/models/analytics",
      /** "Disponível agora": POST { hours } turns it on, DELETE off. */
      availability: "/api/models/availability",
      /** "Pausar anúncio": POST pauses, DELETE resumes ("Retomar"). */
      pause: "/api/models/pause",
      /** Her tours: GET lists, POST { municipio_id, starts_on, ends_on } adds; DELETE one by id. */
      tours: "/api/models/tours",
      tour: (id: Id) => `/api/models/tours/${enc(id)}`,
      photos: "/api/models/photos",
      photo: (id: Id) => `/api/models/photos/${enc(id)}`,
      photoPrimary: (id: Id) => `/api/models/photos/${enc(id)}/primary`,
      photoVisibility: (id: Id) => `/api/models/photos/${enc(id)}/visibility`,
      products: "/api/models/products",
      product: (id: Id) => `/api/models/products/${enc(id)}`,
      orders: "/api/models/orders",
    },
    /** Sessões ativas of the signed-in model or admin: list, end one, end all others. */
    sessions: {
      model: {
        root: "/api/models/sessions",
        byId: (id: Id) => `/api/models/sessions/${enc(id)}`,
        endOthers: "/api/models/sessions/end-others",
      },
      admin: {
        root: "/api/admin/sessions",
        byId: (id: Id) => `/api/admin/sessions/${enc(id)}`,
        endOthers: "/api/admin/sessions/end-others",
      },
    },
    /** The signed-in model's account (Configurações): DELETE on `root` deletes it. */
    account: {
      root: "/api/models/account",
      password: "/api/models/account/password",
      email: "/api/models/account/email",
    },
    /** Her data (LGPD): the ZIP of "Baixar meus dados" and her acceptance of the Termos de Uso. */
    myData: {
      export: "/api/models/my-data/export",
      consents: "/api/models/my-data/consents",
      acceptTerms: "/api/models/my-data/consents/terms",
    },
    products: {
      byId: (productId: Id) => `/api/products/${enc(productId)}`,
    },
    /** Reports and notices (public), the model's decisions and appeal, the admin's queue ("Denúncias"). */
    moderation: {
      report: "/api/reports",
      notice: "/api/reports/notice",
      noticeStatus: "/api/reports/notice/status",
      noticeConfirm: "/api/reports/notice/confirm",
      own: "/api/models/moderation",
      appeal: (caseId: Id) => `/api/models/moderation/cases/${enc(caseId)}/appeal`,
      cases: "/api/admin/moderation/cases",
      case: (id: Id) => `/api/admin/moderation/cases/${enc(id)}`,
      decision: (id: Id) => `/api/admin/moderation/cases/${enc(id)}/decision`,
      appealDecision: (id: Id) => `/api/admin/moderation/cases/${enc(id)}/appeal-decision`,
      evidence: (id: Id) => `/api/admin/moderation/cases/${enc(id)}/evidence`,
      stats: "/api/admin/moderation/stats",
      urgent: "/api/admin/moderation/urgent",
    },
    /** Identity verification: the model's own (GET her standing, POST her photos) and the admin's "Verificações". */
    verification: {
      own: "/api/models/verification",
      /** Starts her verification at the identity verifier: answers the verifier's URL to send her browser to. */
      verifier: "/api/models/verification/verifier",
      queue: "/api/admin/verifications",
      detail: (id: Id) => `/api/admin/verifications/${enc(id)}`,
      file: (id: Id, file: "document" | "selfie") => `/api/admin/verifications/${enc(id)}/files/${file}`,
      decision: (id: Id, decision: "approve" | "reject" | "resubmit") =>
        `/api/admin/verifications/${enc(id)}/${decision}`,
      unfreeze: (modelId: Id) => `/api/admin/verifications/frozen/${enc(modelId)}/unfreeze`,
    },
    payments: {
      modelSubscription: "/api/payments/model/subscription",
      modelPix: "/api/payments/model/pix",
      /** One of the signed-in model's own renewal payments. */
      modelPayment: (id: Id) => `/api/payments/model/payments/${enc(id)}`,
      /** Where a shop order stands (public, for the result pages), by the order's access token. */
      order: (token: string) => `/api/payments/orders/${enc(token)}`,
      pixQrRandom: "/api/payments/pix/qrcode/random",
      pixQr: (keyType: string) => `/api/payments/pix/qrcode/${enc(keyType)}`,
      pix: "/api/payments/pix",
      mpPixPreference: "/api/payments/mp/pix-preference",
      adminGenerateLink: "/api/payments/admin/generate-link",
      adminGeneratePix: "/api/payments/admin/generate-pix",
    },
    admin: {
      dashboard: "/api/admin/dashboard",
      jobs: "/api/admin/jobs",
      ageAssurance: "/api/admin/age-assurance",
      onboarding: "/api/admin/onboarding",
      stats: "/api/admin/stats",
      auditLog: "/api/admin/audit-log",
      account: "/api/admin/account",
      models: "/api/admin/models",
      modelsCharts: "/api/admin/models/charts",
      modelsCsv: "/api/admin/models.csv",
      model: (id: Id) => `/api/admin/models/${enc(id)}`,
      modelStatus: (id: Id) => `/api/admin/models/${enc(id)}/status`,
      modelPlan: (id: Id) => `/api/admin/models/${enc(id)}/plan`,
      modelPayments: (id: Id) => `/api/admin/models/${enc(id)}/payments`,
      modelPayment: (id: Id) => `/api/admin/model-payments/${enc(id)}`,
      modelPaymentStatus: (id: Id) => `/api/admin/model-payments/${enc(id)}/status`,
      directLoginToken: (modelId: Id) => `/api/admin/direct-login-token/${enc(modelId)}`,
      categories: "/api/admin/categories",
      serviceOptions: "/api/admin/service-options",
      serviceOption: (id: Id) => `/api/admin/service-options/${enc(id)}`,
      orders: "/api/admin/orders",
      ordersCharts: "/api/admin/orders/charts",
      ordersCsv: "/api/admin/orders.csv",
      orderStatus: (id: Id) => `/api/admin/orders/${enc(id)}/status`,
      logs: "/api/admin/logs",
      settings: "/api/admin/settings",
      setting: (id: Id) => `/api/admin/settings/${enc(id)}`,
      plans: "/api/admin/plans",
      plansDistribution: "/api/admin/plans/distribution",
      plan: (id: Id) => `/api/admin/plans/${enc(id)}`,
      planStatus: (id: Id) => `/api/admin/plans/${enc(id)}/status`,
    },
  }) as const)();
