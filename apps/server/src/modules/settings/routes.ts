import { PUBLIC_SETTING_KEYS, PublicPlansResponseSchema, PublicSettingsResponseSchema } from "@vitrine/contracts";
import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { plans, settings } from "../../db/schema";
import { presentPlan } from "./present-plan";

export const publicSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/public", { schema: { response: { 200: PublicSettingsResponseSchema } } }, async () => {
    const rows = await app.db
      .select()
      .from(settings)
      .where(inArray(settings.settingKey, [...PUBLIC_SETTING_KEYS]));
    const values = Object.fromEntries(rows.map((r) => [r.settingKey, r.settingValue]));
    return {
      settings: Object.fromEntries(PUBLIC_SETTING_KEYS.map((k) => [k, values[k] ?? ""])) as Record<
        (typeof PUBLIC_SETTING_KEYS)[number],
        string
      >,
    };
  });

  app.get("/public/plans", { schema: { response: { 200: PublicPlansResponseSchema } } }, async () => {
    const rows = await app.db.select().from(plans).where(eq(plans.active, true)).orderBy(asc(plans.priceCents));
    return { plans: rows.map(presentPlan) };
  });
};
