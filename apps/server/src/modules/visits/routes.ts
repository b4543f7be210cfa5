import { SuccessSchema, VisitBodySchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { recordVisit } from "./service";

/** POST /api/visits: the web reports each public page view (home, city, profile) once per page load. */
export const visitsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    "/visits",
    {
      // Anyone can call it: a per-address limit keeps a script from flooding the statistics.
      config: { rateLimit: { max: 120, timeWindow: "1 minute" } },
      schema: { body: VisitBodySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await recordVisit({ db: app.db, cityIndex: app.cityIndex, body: request.body });
      return { success: true as const };
    },
  );
};
