import {
  AccountResponseSchema,
  ChangeEmailBodySchema,
  ChangePasswordBodySchema,
  ChangePasswordResponseSchema,
  DeleteAccountBodySchema,
  SuccessSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { modelIdOf } from "../../plugins/auth";
import { presentSessionModel } from "../models/present-session";
import { changeEmail, changePassword, deleteAccount } from "./service";

/** Configurações: password, e-mail and account deletion, at /api/models/account. */
export const accountRoutes: FastifyPluginAsyncZod = async (app) => {
  // These routes check a password: the same per-IP limit as login.
  const rateLimit = { max: app.config.authRateLimit, timeWindow: "1 minute" };

  app.put(
    "/password",
    {
      config: { rateLimit },
      preHandler: app.requireModel,
      schema: { body: ChangePasswordBodySchema, response: { 200: ChangePasswordResponseSchema } },
    },
    async (request) => {
      const modelId = modelIdOf(request);
      const sessionVersion = await changePassword({ db: app.db, modelId, body: request.body });
      // Other sessions were revoked; this device continues with a fresh token.
      return { success: true as const, token: await app.signToken({ role: "model", id: modelId, sessionVersion }) };
    },
  );

  app.put(
    "/email",
    {
      config: { rateLimit },
      preHandler: app.requireModel,
      schema: { body: ChangeEmailBodySchema, response: { 200: AccountResponseSchema } },
    },
    async (request) => {
      const row = await changeEmail({ db: app.db, modelId: modelIdOf(request), body: request.body });
      return { model: presentSessionModel(row) };
    },
  );

  app.delete(
    "/",
    {
      config: { rateLimit },
      preHandler: app.requireModel,
      schema: { body: DeleteAccountBodySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      const modelId = modelIdOf(request);
      await deleteAccount({ db: app.db, storage: app.storage, modelId, password: request.body.password });
      // The public card disappears; the id is all the event carries.
      app.events.publish({ type: "model_status_updated", model_id: modelId });
      return { success: true as const };
    },
  );
};
