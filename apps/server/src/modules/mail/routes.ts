import { NotificationSettingsSchema } from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { models } from "../../db/schema";
import { unauthorized } from "../../lib/app-error";
import { setNotificationOrigin } from "./notify";
import { notificationSettings, saveNotificationSettings } from "./service";

/** Her notification switches, at /api/models/account (model scope). */
export const mailModelRoutes: FastifyPluginAsyncZod = async (app) => {
  setNotificationOrigin(app.config.publicUrl);

  app.get("/notifications", { schema: { response: { 200: NotificationSettingsSchema } } }, async (request) => {
    const [model] = await app.db.select().from(models).where(eq(models.id, request.modelId));
    if (!model) throw unauthorized();
    return notificationSettings(model);
  });

  app.put(
    "/notifications",
    { schema: { body: NotificationSettingsSchema, response: { 200: NotificationSettingsSchema } } },
    async (request) => saveNotificationSettings(app.db, request.modelId, request.body),
  );
};
