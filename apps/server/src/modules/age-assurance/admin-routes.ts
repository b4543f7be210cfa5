import { AdminAgeAssuranceResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { todayInSaoPaulo } from "../../lib/dates";
import { getAgeAssuranceSummary } from "./admin-summary";

/** The admin's "Verificação de idade": GET /api/admin/age-assurance (a read: no audit row). */
export const ageAssuranceAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/age-assurance", { schema: { response: { 200: AdminAgeAssuranceResponseSchema } } }, async () =>
    getAgeAssuranceSummary({ db: app.db, config: app.config.ageAssurance, today: todayInSaoPaulo() }),
  );
};
