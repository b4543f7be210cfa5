import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, type FastifyPluginAsync, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import { sharedRateLimitStore } from "./lib/shared-counters";
import { registerJsonBody } from "./plugins/json-body";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerBodyRateCheck, serverTimeouts } from "./plugins/slow-clients";
import { accountPublicRoutes } from "./modules/account/public-routes";
import { accountRoutes } from "./modules/account/routes";
import { adminJobsRoutes } from "./modules/admin-jobs/routes";
import { adminModelsRoutes } from "./modules/admin-models/routes";
import { adminSettingsRoutes } from "./modules/admin-settings/routes";
import { auditRoutes } from "./modules/audit/routes";
import { boostsAdminRoutes, boostsModelRoutes } from "./modules/boosts/routes";
import { authRoutes } from "./modules/auth/routes";
import { citiesRoutes } from "./modules/cities/routes";
import { directLoginAdminRoutes, directLoginPublicRoutes } from "./modules/direct-login/routes";
import { healthRoutes } from "./modules/health/routes";
import { mailModelRoutes } from "./modules/mail/routes";
import { modelPaymentsRoutes } from "./modules/model-payments/routes";
import { moderationAdminRoutes } from "./modules/moderation/admin-routes";
import { moderationModelRoutes } from "./modules/moderation/model-routes";
import { reportsPublicRoutes } from "./modules/moderation/public-routes";
import { refuseRestrictedAccounts } from "./modules/moderation/suspension";
import { paymentWebhookRoutes } from "./modules/payments/webhook-routes";
import { onboardingRoutes } from "./modules/onboarding/routes";
import { adminOrdersRoutes } from "./modules/orders/routes";
import { paymentsAdminRoutes, paymentsModelRoutes, paymentsPublicRoutes } from "./modules/payments/checkout-routes";
import { photosRoutes } from "./modules/photos/routes";
import { uploadsRoutes } from "./modules/photos/uploads";
import { seoRoutes } from "./modules/seo/routes";
import { sessionRoutes } from "./modules/sessions/routes";
import {
  trustedNotifierPublicRoutes,
  trustedNotifierRoutes,
  trustedNotifiersAdminRoutes,
} from "./modules/trusted-notifiers/routes";
import { sessionStore } from "./modules/sessions/service";
import { passkeyRoutes } from "./modules/passkeys/routes";
import { signInRoutes } from "./modules/sign-in/routes";
import { twoFactorAccountRoutes } from "./modules/two-factor/routes";
import { pixAdminRoutes, pixSignedInRoutes } from "./modules/pix/routes";
import { adminPlacesRoutes, placesRoutes } from "./modules/places/routes";
import { plansRoutes } from "./modules/plans/routes";
import { ownProductsRoutes, publicProductsRoutes } from "./modules/products/routes";
import { profileRoutes } from "./modules/profile/routes";
import { ownEventsStreamRoutes, ownEventsTicketRoutes } from "./modules/public-models/own-events";
import { publicModelsRoutes } from "./modules/public-models/routes";
import { serviceOptionsAdminRoutes, serviceOptionsPublicRoutes } from "./modules/service-options/routes";
import { transparencyAdminRoutes, transparencyPublicRoutes } from "./modules/transparency/routes";
import { createVisitCounter, type VisitCounter } from "./modules/public-models/visitor-marks";
import { createDailyStats } from "./modules/analytics/daily-stats-store";
import { countingDailyTotals, dailyStatsFlushPlugin } from "./modules/analytics/plugin";
import { analyticsEventsRoutes, analyticsModelRoutes } from "./modules/analytics/routes";
import { publicSettingsRoutes } from "./modules/settings/routes";
import { statsRoutes } from "./modules/stats/routes";
import { visitsRoutes } from "./modules/visits/routes";
import { ageGateRoutes } from "./modules/age-gate/routes";
import { ageAssurancePlugin } from "./modules/age-assurance/plugin";
import { ageAssuranceRoutes } from "./modules/age-assurance/routes";
import { ageAssuranceAdminRoutes } from "./modules/age-assurance/admin-routes";
import { verificationAdminRoutes } from "./modules/verification/admin-routes";
import { verificationModelRoutes } from "./modules/verification/model-routes";
import { myDataRoutes } from "./modules/my-data/routes";
import { recentProofRoutes } from "./modules/recent-proof/routes";
import { recentProofStore } from "./modules/recent-proof/store";
import { verificationPublicRoutes } from "./modules/verification/verifier-routes";
import { authPlugin } from "./plugins/auth";
import { cityIndexPlugin } from "./cache/city-index";
import { clientErrorHandler, frameworkErrors, registerErrorHandler } from "./plugins/error-handler";
import { type EventBus, startEventBus } from "./plugins/events";
import { passwordBudgetPlugin } from "./plugins/password-budget";
import { pauseRoutes } from "./modules/pause/routes";
import { tourRoutes } from "./modules/tours/routes";
import { publicCachePlugin } from "./cache/public-cache";
import { registerRejectNul } from "./plugins/reject-nul";
import { recentProofPlugin } from "./plugins/recent-proof";
import type { Storage } from "./plugins/storage";
import { createStorages } from "./plugins/storages";
import { httpCachePlugin, markAgeRestricted, markPublicReads } from "./plugins/http-cache";
import { MAX_PARAM_LENGTH, registerWebApp } from "./ssr/web-app";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    events: EventBus;
    storage: Storage;
    /** Evidence under legal hold (encrypted), in DATA_DIR/evidence or the bucket's evidence/: no route serves it. */
    evidenceStorage: Storage;
    config: Config;
    /** Every route registered (method and full URL pattern), for checks that walk the routes. */
    routeList: ReadonlyArray<{ method: string; url: string }>;
    /**
     * Counts a profile view or a contact once per visitor per model per day (one per process, shared by the
     * profile API and the server-rendered profile page, so both know the visitors already counted).
     */
    countVisit: VisitCounter;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  events?: EventBus;
  storage?: Storage;
  evidenceStorage?: Storage;
  logger?: boolean | object;
};

/** Builds the whole application without listening; tests call `inject` on it. */
export async function buildApp({
  config,
  database,
  events,
  storage,
  evidenceStorage,
  logger,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits and view counts use the IP).
    trustProxy: config.trustProxy,
    // Per-request lines are noise at this volume; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors,
    clientErrorHandler,
    ...serverTimeouts(config),
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  await registerSecurityHeaders(app);
  registerBodyRateCheck(app, { minBytesPerSecond: config.bodyMinBytesPerSecond, windowMs: config.bodyRateWindowMs });
  registerErrorHandler(app);
  registerJsonBody(app);
  registerRejectNul(app);

  app.decorate("db", database.db);
  app.decorate("config", config);
  app.decorate(
    "events",
    events ?? (await startEventBus(database, { onError: (err) => app.log.error({ err }, "eventos: leitura falhou") })),
  );
  const defaultStorages = createStorages(config);
  app.decorate("storage", storage ?? defaultStorages.storage);
  app.decorate("evidenceStorage", evidenceStorage ?? defaultStorages.evidenceStorage);
  app.addHook("onClose", async () => defaultStorages.close());
  app.addHook("onClose", async () => app.events.close());
  const routeList: { method: string; url: string }[] = [];
  app.decorate("routeList", routeList);
  // Her daily analytics (modules/analytics): a counted view or contact also counts for her day.
  app.decorate("dailyStats", createDailyStats());
  app.decorate(
    "countVisit",
    countingDailyTotals(
      createVisitCounter({ secret: config.jwtSecret, countsPerHour: config.visitorCountsPerHour }),
      app.dailyStats,
    ),
  );
  app.addHook("onRoute", (route) => {
    for (const method of [route.method].flat()) routeList.push({ method, url: route.url });
  });

  await app.register(httpCachePlugin);
  // Route limits count in the database, shared by every instance on it (lib/shared-counters.ts).
  await app.register(rateLimit, { global: false, store: sharedRateLimitStore(database.db) });
  await app.register(authPlugin, { secret: config.jwtSecret, sessions: sessionStore });
  await app.register(ageAssurancePlugin);
  await app.register(passwordBudgetPlugin, { perMinute: config.authRateLimit });
  await app.register(recentProofPlugin, { store: recentProofStore });
  await app.register(publicCachePlugin);
  await app.register(cityIndexPlugin);
  await app.register(dailyStatsFlushPlugin);

  // Every API route lives in exactly one audience scope; a scope's guard is one onRequest hook that reads only
  // headers, so a caller without a valid session is refused (401/403) before any body is read or validated.
  const publicScope: FastifyPluginAsync = async (scope) => {
    await scope.register(healthRoutes, { databaseKind: database.kind });
    await scope.register(authRoutes, { prefix: "/auth" });
    await scope.register(directLoginPublicRoutes, { prefix: "/auth" });
    await scope.register(signInRoutes, { prefix: "/auth" });
    await scope.register(accountPublicRoutes, { prefix: "/auth" });
    // The directory's reads, the same for every visitor: ETag, 304 and at most 60 s in shared caches.
    await scope.register(async (reads) => {
      markPublicReads(reads);
      await reads.register(publicSettingsRoutes, { prefix: "/settings" });
      await reads.register(placesRoutes);
      await reads.register(citiesRoutes);
      await reads.register(serviceOptionsPublicRoutes);
      // The transparency report: aggregates only, outside the age pass like the reports form.
      await reads.register(transparencyPublicRoutes);
      // Adult content (models, their photos' listings, products, contacts, the live stream): with an age verifier,
      // only for a browser holding a valid age pass (modules/age-assurance).
      await reads.register(async (adult) => {
        markAgeRestricted(adult);
        adult.addHook("onRequest", adult.requireAgePass);
        await adult.register(publicModelsRoutes, { prefix: "/models" });
        await adult.register(publicProductsRoutes);
      });
    });
    await scope.register(visitsRoutes);
    // The public pages' analytics beacon: its own guard (the age gate passed), outside the cached reads.
    await scope.register(analyticsEventsRoutes);
    // The advertiser's own live stream: opened with a ticket her session asked for, outside the age pass.
    await scope.register(ownEventsStreamRoutes, { prefix: "/models" });
    // Reports and art. 29 notices: outside the age pass, so that anyone can always report.
    await scope.register(reportsPublicRoutes, { prefix: "/reports" });
    await scope.register(ageGateRoutes);
    await scope.register(ageAssuranceRoutes, { prefix: "/age" });
    await scope.register(verificationPublicRoutes, { prefix: "/identity" });
    await scope.register(paymentsPublicRoutes, { prefix: "/payments" });
    // Mercado Pago's notifications: no session; a signature (or nothing at all) checked before the body is read.
    await scope.register(paymentWebhookRoutes, { prefix: "/payments" });
    // A trusted notifier's password link and sign-in (decision 061).
    await scope.register(trustedNotifierPublicRoutes, { prefix: "/notifier" });
  };

  /** The signed-in model's own data: `request.modelId` is hers, from the token, never from the request. */
  const modelScope: FastifyPluginAsync = async (scope) => {
    scope.addHook("onRequest", scope.authenticateModel);
    // A suspended account reads and appeals, nothing else; a banned one only reads her decisions and appeals.
    scope.addHook("onRequest", refuseRestrictedAccounts);
    await scope.register(profileRoutes, { prefix: "/models" });
    await scope.register(photosRoutes, { prefix: "/models/photos" });
    await scope.register(accountRoutes, { prefix: "/models/account" });
    await scope.register(mailModelRoutes, { prefix: "/models/account" });
    await scope.register(sessionRoutes, { prefix: "/models/sessions", role: "model" });
    await scope.register(twoFactorAccountRoutes, { prefix: "/models/two-factor", role: "model" });
    await scope.register(passkeyRoutes, { prefix: "/models/passkeys", role: "model" });
    await scope.register(recentProofRoutes, { prefix: "/models/recent-proof", role: "model" });
    await scope.register(verificationModelRoutes, { prefix: "/models/verification" });
    await scope.register(moderationModelRoutes, { prefix: "/models/moderation" });
    await scope.register(myDataRoutes, { prefix: "/models/my-data" });
    await scope.register(ownProductsRoutes, { prefix: "/models" });
    await scope.register(analyticsModelRoutes, { prefix: "/models" });
    await scope.register(ownEventsTicketRoutes, { prefix: "/models" });
    await scope.register(pauseRoutes, { prefix: "/models" });
    await scope.register(tourRoutes, { prefix: "/models" });
    await scope.register(paymentsModelRoutes, { prefix: "/payments" });
    await scope.register(boostsModelRoutes, { prefix: "/models/boosts" });
  };

  /**
   * The back-office: `request.adminId` is the signed-in admin. Every request here that changes data writes one
   * audit-log row in the transaction of the change.
   */
  const adminScope: FastifyPluginAsync = async (scope) => {
    scope.addHook("onRequest", scope.authenticateAdmin);
    await scope.register(statsRoutes, { prefix: "/admin" });
    await scope.register(onboardingRoutes, { prefix: "/admin" });
    await scope.register(adminJobsRoutes, { prefix: "/admin" });
    await scope.register(adminModelsRoutes, { prefix: "/admin" });
    await scope.register(modelPaymentsRoutes, { prefix: "/admin" });
    await scope.register(directLoginAdminRoutes, { prefix: "/admin" });
    await scope.register(adminOrdersRoutes, { prefix: "/admin" });
    await scope.register(plansRoutes, { prefix: "/admin" });
    await scope.register(adminSettingsRoutes, { prefix: "/admin" });
    await scope.register(auditRoutes, { prefix: "/admin" });
    await scope.register(sessionRoutes, { prefix: "/admin/sessions", role: "admin" });
    await scope.register(twoFactorAccountRoutes, { prefix: "/admin/two-factor", role: "admin" });
    await scope.register(passkeyRoutes, { prefix: "/admin/passkeys", role: "admin" });
    await scope.register(recentProofRoutes, { prefix: "/admin/recent-proof", role: "admin" });
    await scope.register(moderationAdminRoutes, { prefix: "/admin" });
    await scope.register(trustedNotifiersAdminRoutes, { prefix: "/admin" });
    await scope.register(ageAssuranceAdminRoutes, { prefix: "/admin" });
    await scope.register(verificationAdminRoutes, { prefix: "/admin" });
    await scope.register(adminPlacesRoutes, { prefix: "/admin" });
    await scope.register(serviceOptionsAdminRoutes, { prefix: "/admin" });
    await scope.register(transparencyAdminRoutes, { prefix: "/admin" });
    await scope.register(pixAdminRoutes, { prefix: "/payments" });
    await scope.register(paymentsAdminRoutes, { prefix: "/payments" });
    await scope.register(boostsAdminRoutes, { prefix: "/admin" });
  };

  /** Calls both a model and an admin may make (either session). */
  const signedInScope: FastifyPluginAsync = async (scope) => {
    scope.addHook("onRequest", scope.authenticateSignedIn);
    await scope.register(pixSignedInRoutes, { prefix: "/payments" });
  };

  await app.register(
    async (api) => {
      api.addHook("onSend", async (_request, reply) => {
        reply.header("Cache-Control", reply.getHeader("Cache-Control") ?? "no-store");
      });
      await api.register(publicScope);
      await api.register(modelScope);
      await api.register(adminScope);
      await api.register(signedInScope);
      // A trusted notifier's own audience (its guard is the plugin's first onRequest hook, decision 061).
      await api.register(trustedNotifierRoutes, { prefix: "/notifier" });
    },
    { prefix: "/api" },
  );

  await app.register(uploadsRoutes, { prefix: "/uploads" });
  await app.register(seoRoutes());
  await registerWebApp(app, config.webDistDir);
  return app;
}
