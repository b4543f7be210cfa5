import {
  DirectLoginBodySchema,
  DirectLoginTokenResponseSchema,
  ModelAuthResponseSchema,
  ModelIdParamsSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { handleNewSignIn, sessionAnswer } from "../sign-in/service";
import { exchangeDirectLoginToken, issueDirectLoginToken } from "./service";

/** GET /api/admin/direct-login-token/:modelId (admin scope): a single-use token for {origin}/login?token=… */
export const directLoginAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/direct-login-token/:modelId",
    { schema: { params: ModelIdParamsSchema, response: { 200: DirectLoginTokenResponseSchema } } },
    async (request) => {
      const { token, expiresAt } = await issueDirectLoginToken({
        db: app.db,
        adminId: request.adminId,
        modelId: request.params.modelId,
      });
      return { success: true as const, token, expires_at: expiresAt.toISOString() };
    },
  );
};

/**
 * POST /api/auth/model/direct-login (public scope): the token for a normal model session, as a login answers. A
 * token is a credential, so guesses spend from the same per-network budget as passwords.
 */
export const directLoginPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/model/direct-login",
    {
      onRequest: app.spendPasswordAttempt,
      schema: { body: DirectLoginBodySchema, response: { 200: ModelAuthResponseSchema } },
    },
    async (request) => {
      const model = await exchangeDirectLoginToken({ db: app.db, token: request.body.token });
      // The one-use token an admin (signed in with her own two steps) issued for this account stands for both steps.
      return sessionAnswer("model", await handleNewSignIn(app, request, { role: "model", account: model }, "both"));
    },
  );
};
