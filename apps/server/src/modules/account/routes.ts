import {
  AccountResponseSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  DeleteAccountBodySchema,
  MessageResponseSchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { kickMail, sendEmailConfirmation } from "../mail/service";
import { presentSessionModel } from "../models/present-session";
import { resendEmailConfirmation } from "./links";
import { requestOrigin } from "./public-routes";
import { type Attempt, changeEmail, changePassword, deleteAccount } from "./service";

/**
 * Configurações: password, e-mail (and a new confirmation link) and account deletion, at /api/models/account (model
 * scope).
 */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // These routes check a password: they spend from the same per-network budget as the logins.
  const onRequest = app.spendPasswordAttempt;
  // Changing the password or the e-mail also asks for a recent proof (her password or a second factor).
  const sensitive = [app.spendPasswordAttempt, app.requireRecentProof];
  const attemptOf = (request: FastifyRequest): Attempt => ({ ip: request.ip, secret: app.config.jwtSecret });

  app.put(
    "/password",
    {
      onRequest: sensitive,
      schema: { body: ChangePasswordBodySchema, response: { 200: ChangePasswordResponseSchema } },
    },
    async (request) => {
      const { modelId } = request;
      const sessionVersion = await changePassword({
        db: app.db,
        modelId,
        body: request.body,
        attempt: attemptOf(request),
      });
      kickMail(app);
      // Other sessions were revoked; this device continues with a fresh token.
      return { success: true as const, token: await app.renewSession(request, sessionVersion) };
    },
  );

  app.put(
    "/email",
    { onRequest: sensitive, schema: { body: ChangeEmailBodySchema, response: { 200: AccountResponseSchema } } },
    async (request) => {
      const row = await changeEmail({
        db: app.db,
        modelId: request.modelId,
        body: request.body,
        attempt: attemptOf(request),
      });
      await sendEmailConfirmation(app, {
        model: row,
        email: request.body.email,
        fallbackOrigin: requestOrigin(request),
      });
      return { model: presentSessionModel(row) };
    },
  );

  app.post("/email/resend", { schema: { response: { 200: MessageResponseSchema } } }, async (request) => {
    await resendEmailConfirmation(app, request.modelId, requestOrigin(request));
    return { message: "Enviamos um novo link de confirmação para seu e-mail." };
  });

  app.delete(
    "/",
    { onRequest, schema: { body: DeleteAccountBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      const { modelId } = request;
      await deleteAccount({
        db: app.db,
        storage: app.storage,
        modelId,
        password: request.body.password,
        attempt: attemptOf(request),
      });
      await app.events.deliver();
      return { success: true as const };
    },
  );
};
