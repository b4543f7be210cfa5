import { ModelAuthResponseSchema, RegisterBodySchema, VerifyResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unauthorized } from "../../lib/app-error";
import { sendEmailConfirmation } from "../mail/service";
import { presentSessionModel } from "../models/present-session";
import { presentAdmin } from "./present";
import { registerModel } from "./service";

/**
 * Registration and session check, at /api/auth (public scope: these routes read tokens themselves). Signing in is
 * the front door's (modules/sign-in).
 */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route that takes a password spends from one per-network budget, before the body is read.
  const onRequest = app.spendPasswordAttempt;

  app.post(
    "/model/register",
    { onRequest, schema: { body: RegisterBodySchema, response: { 201: ModelAuthResponseSchema } } },
    async (request, reply) => {
      const model = await registerModel({ db: app.db, input: request.body });
      // Until she opens the link she may not pay or be public (modules/mail).
      await sendEmailConfirmation(app, {
        model,
        email: model.email,
        fallbackOrigin: `${request.protocol}://${request.host}`,
      });
      reply.code(201);
      return {
        token: await app.startSession(request, { role: "model", id: model.id, sessionVersion: model.sessionVersion }),
        model: presentSessionModel(model),
      };
    },
  );

  app.get("/verify", { schema: { response: { 200: VerifyResponseSchema } } }, async (request) => {
    const session = await app.readSession(request);
    if (session?.role === "admin") return { valid: true as const, user: presentAdmin(session.account) };
    if (session?.role === "model") return { valid: true as const, model: presentSessionModel(session.account) };
    throw unauthorized();
  });
};
