import {
  ConfirmEmailBodySchema,
  FORGOT_PASSWORD_ANSWER,
  ForgotPasswordBodySchema,
  MessageResponseSchema,
  ResetPasswordBodySchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { confirmEmail, FORGOT_PASSWORD_MIN_MS, requestPasswordReset, resetPassword } from "./links";

export const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Links sent by e-mail, at /api/auth (public scope): "Esqueci minha senha", the new password, and the e-mail
 * confirmation (the token is the proof; no session needed, she may open it on another device).
 */
export const accountPublicRoutes: FastifyPluginAsyncZod = async (app) => {
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
