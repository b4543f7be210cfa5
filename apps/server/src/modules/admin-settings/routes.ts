import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";

// Filled in by the back-office work in progress.
export const adminSettingsRoutes: FastifyPluginAsyncZod = async () => {};
