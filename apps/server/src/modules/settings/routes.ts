import { PublicPlansResponseSchema, PublicSettingsResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { presentPlan, presentPublicSettings } from "./present";
import { listActivePlans, listPublicSettings } from "./service";

/** Public settings and plans, at /api/settings (public scope). */
export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/public", { schema: { response: { 200: PublicSettingsResponseSchema } } }, async () => ({
    settings: presentPublicSettings(await listPublicSettings({ db: app.db })),
  }));

  app.get("/public/plans", { schema: { response: { 200: PublicPlansResponseSchema } } }, async () => ({
    plans: (await listActivePlans({ db: app.db })).map(presentPlan),
  }));
};
