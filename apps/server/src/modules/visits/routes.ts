import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Placeholder: routes land here with their issue.
export const visitsRoutes: FastifyPluginAsyncZod = async () => {};
