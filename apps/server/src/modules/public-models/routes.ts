import {
  ContactBodySchema,
  ContactResponseSchema,
  INVALID_MODEL_ID,
  PublicCardsQuerySchema,
  PublicCardsResponseSchema,
  PublicModelParamsSchema,
  PublicModelResponseSchema,
  PublicModelsQuerySchema,
  PublicModelsResponseSchema,
} from "@vitrine/contracts";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { validationError } from "../../lib/app-error";
import { registerEventStream } from "./events";
import { getCardsBody, getListingBody } from "./listing";
import { addCountedView, findVisibleModelId, getCachedProfile } from "./profile";

/** A bad profile id answers 400 "ID inválido" rather than the generic validation error. */
function rejectInvalid(request: FastifyRequest): void {
  const error = request.validationError;
  if (!error) return;
  if (error.validationContext === "params") {
    throw validationError([{ path: "id", message: INVALID_MODEL_ID }], INVALID_MODEL_ID);
  }
  throw error;
}

/** Public directory under /api/models: listing, profile, contact clicks and the live event stream. */
export const publicModelsRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.publicCache;
  const countVisit = app.countVisit;

  app.get(
    "/public",
    { schema: { querystring: PublicModelsQuerySchema, response: { 200: PublicModelsResponseSchema } } },
    async (request, reply) => {
      const body = await getListingBody({ db: app.db, cache, query: request.query });
      // Already checked against the schema and serialized: Fastify sends a Buffer as it is, which the
      // type provider cannot express.
      return reply.type("application/json; charset=utf-8").send(body as never);
    },
  );

  app.get(
    "/public/cards",
    { schema: { querystring: PublicCardsQuerySchema, response: { 200: PublicCardsResponseSchema } } },
    async (request, reply) => {
      const body = await getCardsBody({ db: app.db, cache, ids: request.query.ids });
      return reply.type("application/json; charset=utf-8").send(body as never);
    },
  );

  app.get(
    "/public/:id",
    {
      attachValidation: true,
      schema: { params: PublicModelParamsSchema, response: { 200: PublicModelResponseSchema } },
    },
    async (request, reply) => {
      rejectInvalid(request);
      const entry = await getCachedProfile({ db: app.db, cache, id: request.params.id });
      const counted = await countVisit({ db: app.db, kind: "view", modelId: entry.id, ip: request.ip });
      const body = counted ? addCountedView(entry) : entry.body;
      // Checked against the schema when cached (see getCachedProfile): sent as it is.
      return reply.type("application/json; charset=utf-8").send(body as never);
    },
  );

  app.post(
    "/public/:id/contact",
    {
      attachValidation: true,
      config: { rateLimit: { max: 60, timeWindow: "1 minute" } },
      schema: { params: PublicModelParamsSchema, body: ContactBodySchema, response: { 200: ContactResponseSchema } },
    },
    async (request) => {
      rejectInvalid(request);
      const modelId = await findVisibleModelId({ db: app.db, id: request.params.id });
      await countVisit({ db: app.db, kind: "contact", modelId, ip: request.ip, channel: request.body.channel });
      return { success: true as const };
    },
  );

  registerEventStream(app, { maxPerIp: app.config.sseMaxPerIp, maxTotal: app.config.sseMaxTotal });
};
