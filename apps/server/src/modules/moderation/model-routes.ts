import { AppealBodySchema, IdParamsSchema, OwnModerationResponseSchema, SuccessSchema } from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { appealCase } from "./decisions";
import { getOwnModeration } from "./queries";

/** The signed-in model's moderation decisions and her appeals, at /api/models/moderation (model scope). */
export const moderationModelRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    "/",
    { config: { moderationAppeal: true }, schema: { response: { 200: OwnModerationResponseSchema } } },
    async (request) => getOwnModeration(app.db, request.modelId),
  );

  app.post(
    "/cases/:id/appeal",
    {
      config: { moderationAppeal: true },
      schema: { params: IdParamsSchema, body: AppealBodySchema, response: { 200: SuccessSchema } },
    },
    async (request) => {
      await appealCase(app, { caseId: request.params.id, modelId: request.modelId, text: request.body.text });
      return { success: true as const };
    },
  );
};
