import {
  IdParamsSchema,
  OwnTourResponseSchema,
  OwnToursResponseSchema,
  SuccessSchema,
  TourBodySchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { addTour, listOwnTours, removeTour } from "./service";

/** Her tours at /api/models/tours (model scope: her own, from her token): list, add, remove. */
export const tourRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/tours", { schema: { response: { 200: OwnToursResponseSchema } } }, async (request) => ({
    tours: await listOwnTours({ db: app.db, modelId: request.modelId }),
  }));

  app.post(
    "/tours",
    { schema: { body: TourBodySchema, response: { 201: OwnTourResponseSchema } } },
    async (request, reply) => {
      const tour = await addTour(app, request.modelId, request.body);
      return reply.code(201).send({ tour });
    },
  );

  app.delete(
    "/tours/:id",
    { schema: { params: IdParamsSchema, response: { 200: SuccessSchema } } },
    async (request) => {
      await removeTour(app, request.modelId, request.params.id);
      return { success: true as const };
    },
  );
};
