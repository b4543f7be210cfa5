import { AdminJobsResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { serverJobs } from "../../jobs";
import { loadJobHealth } from "./service";

/**
 * The scheduled jobs' last runs and failures, at /api/admin/jobs (admin scope), for the dashboard's warning and
 * the "Tarefas agendadas" screen. The state is in the database, so any instance answers for all of them, whether
 * or not its own jobs run.
 */
export const adminJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/jobs", { schema: { response: { 200: AdminJobsResponseSchema } } }, async () => ({
    jobs: await loadJobHealth({ db: app.db, jobs: serverJobs(app.config) }),
  }));
};
