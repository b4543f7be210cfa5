import rateLimit from "@fastify/rate-limit";
import Fastify, { type FastifyInstance, LogController } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import { authPlugin } from "./plugins/auth";
import { registerErrorHandler } from "./plugins/error-handler";
import { registerJsonBody } from "./plugins/json-body";
import { registerRejectNul } from "./plugins/reject-nul";
import { registerSecurityHeaders } from "./plugins/security-headers";
import { registerBodyRateCheck, serverTimeouts } from "./plugins/slow-clients";
import { createMemoryEventBus, type EventBus } from "./plugins/events";
import { registerWebApp } from "./plugins/web-app";
import { authRoutes } from "./modules/auth/routes";
import { healthRoutes } from "./modules/health/routes";
import { placesRoutes } from "./modules/places/routes";
import { publicSettingsRoutes } from "./modules/settings/routes";
import { accountRoutes } from "./modules/account/routes";
import { citiesRoutes } from "./modules/cities/routes";
import { photosRoutes } from "./modules/photos/routes";
import { uploadsRoutes } from "./modules/photos/uploads";
import { productsRoutes } from "./modules/products/routes";
import { profileRoutes } from "./modules/profile/routes";
import { publicModelsRoutes } from "./modules/public-models/routes";
import { visitsRoutes } from "./modules/visits/routes";
import { createLocalStorage, type Storage } from "./plugins/storage";
import path from "node:path";

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    events: EventBus;
    storage: Storage;
    config: Config;
  }
}

export type AppOptions = {
  config: Config;
  database: Database;
  events?: EventBus;
  storage?: Storage;
  logger?: boolean | object;
};

/** Builds the whole application without listening; tests call `inject` on it. */
export async function buildApp({ config, database, events, storage, logger }: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ?? { level: config.logLevel },
    // Only behind a known proxy may X-Forwarded-For name the client (rate limits and view counts use the IP).
    trustProxy: config.trustProxy,
    // Per-request lines are noise at this volume; errors are still logged by the error handler.
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 1024 * 1024,
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
  app.decorate("events", events ?? createMemoryEventBus());
  app.decorate("storage", storage ?? createLocalStorage(path.join(config.dataDir, "uploads")));
  app.addHook("onClose", async () => app.events.close());

  await app.register(rateLimit, { global: false });
  await app.register(authPlugin, { secret: config.jwtSecret });

  await app.register(
    async (api) => {
      api.addHook("onSend", async (_request, reply) => {
        reply.header("Cache-Control", reply.getHeader("Cache-Control") ?? "no-store");
      });
      await api.register(healthRoutes, { databaseKind: database.kind });
      await api.register(authRoutes, { prefix: "/auth", rateLimitMax: config.authRateLimit });
      await api.register(publicSettingsRoutes, { prefix: "/settings" });
      await api.register(placesRoutes);
      await api.register(citiesRoutes);
      await api.register(publicModelsRoutes, { prefix: "/models" });
      await api.register(profileRoutes, { prefix: "/models" });
      await api.register(photosRoutes, { prefix: "/models/photos" });
      await api.register(accountRoutes, { prefix: "/models/account" });
      await api.register(productsRoutes);
      await api.register(visitsRoutes);
    },
    { prefix: "/api" },
  );

  await app.register(uploadsRoutes, { prefix: "/uploads" });
  await registerWebApp(app, config.webDistDir);
  return app;
}
