import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

/** The visitor's side of age assurance under /api/age: start a check, the verifier's callback, the status. */
export const ageAssuranceRoutes: FastifyPluginAsyncZod = async () => {};
