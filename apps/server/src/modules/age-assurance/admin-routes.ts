import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The admin's "Verificação de idade": GET /api/admin/age-assurance. */
export const ageAssuranceAdminRoutes: FastifyPluginAsyncZod = async () => {};
