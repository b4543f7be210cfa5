import {
  ConfirmEmailBodySchema,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordBodySchema,
  MessageResponseSchema,
  NotificationSettingsSchema,
  ResetPasswordBodySchema,
} from "@vitrine/contracts";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { models } from "../../db/schema";
import { unauthorized } from "../../lib/app-error";
import { setNotificationOrigin } from "./notify";
import {
  confirmEmail,
  FORGOT_PASSWORD_MIN_MS,
  notificationSettings,
  requestPasswordReset,
  resendEmailConfirmation,
  resetPassword,
  saveNotificationSettings,
} from "./service";

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Links sent by e-mail, at /api/auth (public scope): "Esqueci minha senha", the new password, and the e-mail
 * confirmation (the token is the proof; no session needed, she may open it on another device).
 */
export const mailPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  setNotificationOrigin(app.config.publicUrl);
  // Guessing links or flooding inboxes spends from the same per-network budget as the passwords.
  const onRequest = app.spendPasswordAttempt;

  app.post(
    "/password/forgot",
    { onRequest, schema: { body: ForgotPasswordBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      const started = Date.now();
      await requestPasswordReset(app, { ...request.body, fallbackOrigin: requestOrigin(request) });
      // The same answer, no sooner than the same floor, whether or not the e-mail has an account.
      await sleep(Math.max(0, started + FORGOT_PASSWORD_MIN_MS - Date.now()));
      return { message: FORGOT_PASSWORD_ANSWER };
    },
  );

  app.post(
    "/password/reset",
    {
      onRequest,
      schema: { body: ResetPasswordBodySchema, response: { 200: z.object({ role: z.enum(["model", "admin"]) }) } },
    },
    async (request) => resetPassword(app, request.body),
  );

  app.post(
    "/email/confirm",
    { onRequest, schema: { body: ConfirmEmailBodySchema, response: { 200: MessageResponseSchema } } },
    async (request) => {
      await confirmEmail(app, request.body.token);
      return { message: "E-mail confirmado. Obrigado!" };
    },
  );
};

/** Her e-mail settings, at /api/models/account (model scope): "reenviar" and the notification switches. */
export const mailModelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post("/email/resend", { schema: { response: { 200: MessageResponseSchema } } }, async (request) => {
    await resendEmailConfirmation(app, request.modelId, requestOrigin(request));
    return { message: "Enviamos um novo link de confirmação para seu e-mail." };
  });

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
