import {
  AdminLoginResponseSchema,
  LoginBodySchema,
  ModelAuthResponseSchema,
  RegisterBodySchema,
  VerifyResponseSchema,
} from "@vitrine/contracts";
import { and, eq, isNull } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { admins, models } from "../../db/schema";
import { unauthorized } from "../../lib/app-error";
import { isCurrentSession } from "../../plugins/auth";
import { presentSessionModel } from "../models/present-session";
import { authenticateAdmin, authenticateModel, registerModel } from "./service";

const presentAdmin = (a: typeof admins.$inferSelect) => ({ id: a.id, username: a.username, email: a.email });

export const authRoutes: FastifyPluginAsyncZod<{ rateLimitMax: number }> = async (app, opts) => {
  // Per-IP limit on the routes that take passwords.
  const rateLimit = { max: opts.rateLimitMax, timeWindow: "1 minute" };

  app.post(
    "/admin/login",
    { config: { rateLimit }, schema: { body: LoginBodySchema, response: { 200: AdminLoginResponseSchema } } },
    async (request) => {
      const admin = await authenticateAdmin({ db: app.db, body: request.body });
      return {
        token: await app.signToken({ role: "admin", id: admin.id, sessionVersion: 0 }),
        user: presentAdmin(admin),
      };
    },
  );

  app.post(
    "/model/login",
    { config: { rateLimit }, schema: { body: LoginBodySchema, response: { 200: ModelAuthResponseSchema } } },
    async (request) => {
      const model = await authenticateModel({ db: app.db, body: request.body });
      return {
        token: await app.signToken({ role: "model", id: model.id, sessionVersion: model.sessionVersion }),
        model: presentSessionModel(model),
      };
    },
  );

  app.post(
    "/model/register",
    { config: { rateLimit }, schema: { body: RegisterBodySchema, response: { 201: ModelAuthResponseSchema } } },
    async (request, reply) => {
      const model = await registerModel({ db: app.db, input: request.body });
      reply.code(201);
      return {
        token: await app.signToken({ role: "model", id: model.id, sessionVersion: model.sessionVersion }),
        model: presentSessionModel(model),
      };
    },
  );

  app.get("/verify", { schema: { response: { 200: VerifyResponseSchema } } }, async (request) => {
    const principal = await app.readPrincipal(request);
    if (principal?.role === "admin") {
      const [admin] = await app.db.select().from(admins).where(eq(admins.id, principal.id));
      if (admin) return { valid: true as const, user: presentAdmin(admin) };
    }
    if (principal?.role === "model") {
      const [model] = await app.db
        .select()
        .from(models)
        .where(and(eq(models.id, principal.id), isNull(models.deletedAt)));
      if (model && isCurrentSession(principal, model)) {
        return { valid: true as const, model: presentSessionModel(model) };
      }
    }
    throw unauthorized("Sessão inválida ou expirada");
  });
};
