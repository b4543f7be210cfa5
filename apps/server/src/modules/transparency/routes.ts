import {
  AdminTransparencyResponseSchema,
  TransparencyQuerySchema,
  TransparencyResponseSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { resolveReportRange } from "./periods";
import { buildReport, readReportCases } from "./report";

/**
 * GET /api/transparency?periodo=: the public transparency report (aggregates only), in the public cache per period.
 * Reports and decisions touch no public tag, so an entry is refreshed after the cache's TTL (5 minutes): the
 * figures may lag that long. The period is checked before the cache, so only real periods take room in it.
 */
export const transparencyPublicRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/transparency",
    { schema: { querystring: TransparencyQuerySchema, response: { 200: TransparencyResponseSchema } } },
    async (request) => {
      const range = resolveReportRange(request.query.periodo);
      const report = await app.publicCache.get(`transparency|${range.key}`, () => buildReport(app.db, range), {
        weigh: () => 4096,
      });
      return { report };
    },
  );
};

/** GET /api/admin/transparency?periodo= (admin scope): the same figures, read now, with the cases behind them. */
export const transparencyAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/transparency",
    { schema: { querystring: TransparencyQuerySchema, response: { 200: AdminTransparencyResponseSchema } } },
    async (request) => {
      const range = resolveReportRange(request.query.periodo);
      const [report, cases] = await Promise.all([buildReport(app.db, range), readReportCases(app.db, range)]);
      return { report, cases };
    },
  );
};
