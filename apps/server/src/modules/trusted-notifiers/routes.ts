import {
  CreateTrustedNotifierBodySchema,
  IdParamsSchema,
  NotifierLoginBodySchema,
  NotifierMeResponseSchema,
  NotifierReportBodySchema,
  NotifierReportResponseSchema,
  NotifierReportsResponseSchema,
  NotifierSessionResponseSchema,
  NotifierSetPasswordBodySchema,
  SuccessSchema,
  TrustedNotifierResponseSchema,
  TrustedNotifiersResponseSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  createNotifier,
  listNotifiers,
  listOwnReports,
  presentNotifierAccount,
  reinviteNotifier,
  reportAsNotifier,
  revokeNotifier,
  setNotifierPassword,
  signInNotifier,
} from "./service";
import { authenticateNotifier, notifierOf, signNotifierToken } from "./session";

/** The admin's "Notificadores confiáveis", at /api/admin/trusted-notifiers (admin scope; every change audited). */
export const trustedNotifiersAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/trusted-notifiers", { schema: { response: { 200: TrustedNotifiersResponseSchema } } }, async () => ({
    notifiers: await listNotifiers(app.db),
  }));

  app.post(
    "/trusted-notifiers",
    { schema: { body: CreateTrustedNotifierBodySchema, response: { 201: TrustedNotifierResponseSchema } } },
    async (request, reply) => {
      const notifier = await createNotifier(app, { adminId: request.adminId, body: request.body });
      reply.code(201);
      return { notifier };
    },
  );

  app.post(
    "/trusted-notifiers/:id/invite",
    { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await reinviteNotifier(app, { adminId: request.adminId, id: request.params.id });
      return { success: true as const };
    },
  );

  app.post(
    "/trusted-notifiers/:id/revoke",
    { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await revokeNotifier(app, { adminId: request.adminId, id: request.params.id });
      return { success: true as const };
    },
  );
};

/**
 * A notifier's own sign-in at /api/notifier (public scope): setting its password through the e-mailed link and
 * signing in. Both take a password, so both spend from the per-network password budget before the body is read.
 */
export const trustedNotifierPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const onRequest = app.spendPasswordAttempt;

  app.post(
    "/password",
    { onRequest, schema: { body: NotifierSetPasswordBodySchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await setNotifierPassword(app, request.body);
      return { success: true as const };
    },
  );

  app.post(
    "/login",
    { onRequest, schema: { body: NotifierLoginBodySchema, response: { 200: NotifierSessionResponseSchema } } },
    async (request) => {
      const notifier = await signInNotifier(app, { body: request.body, ip: request.ip });
      return {
        token: await signNotifierToken(app.config.jwtSecret, notifier),
        notifier: presentNotifierAccount(notifier),
      };
    },
  );
};

/** The signed-in notifier's own routes at /api/notifier (its own audience scope, guarded before any body). */
export const trustedNotifierRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("onRequest", authenticateNotifier(app));

  app.get("/me", { schema: { response: { 200: NotifierMeResponseSchema } } }, async (request) => ({
    notifier: presentNotifierAccount(notifierOf(request)),
  }));

  app.get("/reports", { schema: { response: { 200: NotifierReportsResponseSchema } } }, async (request) => ({
    reports: await listOwnReports(app.db, notifierOf(request).id),
  }));

  app.post(
    "/reports",
    { schema: { body: NotifierReportBodySchema, response: { 201: NotifierReportResponseSchema } } },
    async (request, reply) => {
      const report = await reportAsNotifier(app, { notifier: notifierOf(request), body: request.body });
      reply.code(201);
      return {
        report,
        message:
          report.state === "held"
            ? "Denúncia recebida. O perfil foi ocultado até a decisão da equipe."
            : "Denúncia recebida. A equipe vai analisar com prioridade.",
      };
    },
  );
};
