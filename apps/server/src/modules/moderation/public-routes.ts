import {
  NOTICE_CONFIRMED_MESSAGE,
  NoticeBodySchema,
  NoticeConfirmBodySchema,
  NoticeStatusQuerySchema,
  NoticeStatusResponseSchema,
  REPORT_RECEIVED_MESSAGE,
  ReportBodySchema,
  ReportResponseSchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientAddressKey } from "../../lib/client-address";
import { AGE_SESSION_COOKIE, readCookie, sessionHash } from "../age-assurance/service";
import { confirmNotice, noticeStatus, submitNotice } from "./notices";
import { createReporterHasher, type Reporter, submitReport } from "./reports";

/** Per address, whatever the body: the daily limits per reporter are in reports.ts and notices.ts. */
const rateLimit = {
  max: 10,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip),
};

/**
 * Reports and notices at /api/reports (public scope, outside the age pass: a victim or her representative must be
 * able to send an art. 29 notice without proving she is an adult). A valid age pass, when the browser holds one,
 * is kept with the report (its age session's hash): only such visitors' urgent reports weigh (decision 057).
 */
export const reportsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const hash = createReporterHasher(app.config.jwtSecret);
  const received = { success: true as const, message: REPORT_RECEIVED_MESSAGE };

  async function reporterOf(request: FastifyRequest): Promise<Reporter> {
    const pass = await app.readAgePass(request);
    const sessionId = pass ? readCookie(request, AGE_SESSION_COOKIE) : null;
    return {
      reporterHash: hash.address(request.ip),
      networkHash: hash.network(request.ip),
      ageSessionHash: sessionId ? sessionHash(sessionId) : null,
    };
  }

  app.post(
    "/",
    { config: { rateLimit }, schema: { body: ReportBodySchema, response: { 200: ReportResponseSchema } } },
    async (request) => {
      await submitReport(app, { body: request.body, reporter: await reporterOf(request) });
      return received;
    },
  );

  app.post(
    "/notice",
    { config: { rateLimit }, schema: { body: NoticeBodySchema, response: { 200: ReportResponseSchema } } },
    async (request) => {
      await submitNotice(app, { body: request.body, reporter: await reporterOf(request) });
      return received;
    },
  );

  // The notice's e-mail link: whoever holds it (the notifier) confirms the notice once, and reads its state.
  app.post(
    "/notice/confirm",
    { config: { rateLimit }, schema: { body: NoticeConfirmBodySchema, response: { 200: ReportResponseSchema } } },
    async (request) => {
      await confirmNotice(app, request.body.token);
      return { success: true as const, message: NOTICE_CONFIRMED_MESSAGE };
    },
  );

  app.get(
    "/notice/status",
    {
      config: { rateLimit },
      schema: { querystring: NoticeStatusQuerySchema, response: { 200: NoticeStatusResponseSchema } },
    },
    async (request) => noticeStatus(app.db, request.query.token),
  );
};
