import { PublicPlansResponseSchema, PublicSettingsResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { presentPlan } from "./present";
import { getPublicSettings, listActivePlans } from "./service";

/** Public settings and plans, at /api/settings (public scope). */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/public", { schema: { response: { 200: PublicSettingsResponseSchema } } }, () =>
    getPublicSettings({ db: app.db }),
  );

  app.get("/public/plans", { schema: { response: { 200: PublicPlansResponseSchema } } }, async () => ({
    plans: (await listActivePlans({ db: app.db })).map(presentPlan),
  }));
};
