import { AdminOnboardingResponseSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { loadOnboarding } from "./service";

/** The dashboard's "Primeiros passos" checklist, at /api/admin/onboarding (admin scope). */
export const onboardingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/onboarding", { schema: { response: { 200: AdminOnboardingResponseSchema } } }, async () => ({
    steps: await loadOnboarding(app),
  }));
};
