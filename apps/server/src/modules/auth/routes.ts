import {
  AdminLoginResultSchema,
  LoginBodySchema,
  ModelAuthResponseSchema,
  ModelLoginResultSchema,
  RegisterBodySchema,
  VerifyResponseSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { unauthorized } from "../../lib/app-error";
import { sendEmailConfirmation } from "../mail/service";
import { presentSessionModel } from "../models/present-session";
import { secondStepOf, signChallenge } from "../two-factor/service";
import { presentAdmin } from "./present";
import { registerModel, verifyAdminLogin, verifyModelLogin } from "./service";

/** Sign-in, registration and session check, at /api/auth (public scope: these routes read tokens themselves). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  // Every route that takes a password spends from one per-network budget, before the body is read.
  const onRequest = app.spendPasswordAttempt;
  const secret = app.config.jwtSecret;

  app.post(
    "/admin/login",
    { onRequest, schema: { body: LoginBodySchema, response: { 200: AdminLoginResultSchema } } },
    async (request) => {
      const admin = await verifyAdminLogin({ db: app.db, body: request.body, ip: request.ip, secret });
      // Two-step sign-in is mandatory for admins: the second step, or (the first time) setting it up.
      const step = await secondStepOf(app.db, { kind: "admin", id: admin.id });
      if (!step) throw new Error("secondStepOf answers a step for every admin (mandatory)");
      const { purpose, methods } = step;
      const challenge = { role: "admin" as const, id: admin.id, sessionVersion: admin.sessionVersion, purpose };
      return { two_factor: purpose, challenge: await signChallenge(secret, challenge), methods };
    },
  );

  app.post(
    "/model/login",
    { onRequest, schema: { body: LoginBodySchema, response: { 200: ModelLoginResultSchema } } },
    async (request) => {
      const model = await verifyModelLogin({ db: app.db, body: request.body, ip: request.ip, secret });
      // With two-step sign-in on, the session starts only after her second step (modules/two-factor); where it is
      // mandatory and not on yet, she sets it up first.
      const step = await secondStepOf(app.db, { kind: "model", id: model.id });
      if (step) {
        const { purpose, methods } = step;
        const challenge = { role: "model" as const, id: model.id, sessionVersion: model.sessionVersion, purpose };
        return { two_factor: purpose, challenge: await signChallenge(secret, challenge), methods };
      }
      return {
        token: await app.startSession(request, { role: "model", id: model.id, sessionVersion: model.sessionVersion }),
        model: presentSessionModel(model),
      };
    },
  );

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
