import { NoticeBodySchema, REPORT_RECEIVED_MESSAGE, ReportBodySchema, ReportResponseSchema } from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { clientAddressKey } from "../../lib/client-address";
import { createReporterHasher, submitNotice, submitReport } from "./reports";

/** Per address, whatever the body: the daily limits per reporter are in reports.ts. */
const rateLimit = {
  max: 10,
  timeWindow: "1 minute",
  keyGenerator: (request: FastifyRequest) => clientAddressKey(request.ip),
};

/**
 * Reports and notices at /api/reports (public scope, outside the age pass: a victim or her representative must be
 * able to send an art. 29 notice without proving she is an adult).
 */
export const reportsPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  const hashReporter = createReporterHasher(app.config.jwtSecret);
  const received = { success: true as const, message: REPORT_RECEIVED_MESSAGE };

  app.post(
    "/",
    { config: { rateLimit }, schema: { body: ReportBodySchema, response: { 200: ReportResponseSchema } } },
    async (request) => {
      await submitReport(app, { body: request.body, reporterHash: hashReporter(request.ip) });
      return received;
    },
  );

  app.post(
    "/notice",
    { config: { rateLimit }, schema: { body: NoticeBodySchema, response: { 200: ReportResponseSchema } } },
    async (request) => {
      await submitNotice(app, { body: request.body, reporterHash: hashReporter(request.ip) });
      return received;
    },
  );
};
