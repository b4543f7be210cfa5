import {
  AccessLogsResponseSchema,
  AdminDashboardResponseSchema,
  AdminStatsResponseSchema,
  LogsQuerySchema,
  StatsQuerySchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayInSaoPaulo } from "../../lib/dates";
import { presentAccessLogs, presentDashboardStats, presentSiteStats } from "./present";
import { getDashboardStats, getSiteStats, listAccessLogs } from "./service";

/** The admin dashboard's cards, the statistics page and the access log, under /api/admin (admin scope). */
export const statsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/dashboard", { schema: { response: { 200: AdminDashboardResponseSchema } } }, async () => ({
    stats: presentDashboardStats(await getDashboardStats({ db: app.db, today: todayInSaoPaulo() })),
  }));

  app.get(
    "/stats",
    { schema: { querystring: StatsQuerySchema, response: { 200: AdminStatsResponseSchema } } },
    async (request) =>
      presentSiteStats(await getSiteStats({ db: app.db, days: request.query.days, today: todayInSaoPaulo() })),
  );

  app.get(
    "/logs",
    { schema: { querystring: LogsQuerySchema, response: { 200: AccessLogsResponseSchema } } },
    async (request) =>
      presentAccessLogs(await listAccessLogs({ db: app.db, days: request.query.days, today: todayInSaoPaulo() })),
  );
};
