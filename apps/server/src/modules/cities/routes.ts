import {
  CitiesQuerySchema,
  CitiesResponseSchema,
  CityResponseSchema,
  CitySearchQuerySchema,
  CitySlugParamsSchema,
  StatesResponseSchema,
} from "@vitrine/contracts";
import type { FastifyReply } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { looseText } from "../../cache/city-index";
import { getJsonBody } from "../../cache/public-cache";
import { type CityDeps, findCityBySlug, listCitiesWithModels, listStatesWithModels, searchCities } from "./service";

/** Sends a cached body: already checked against the route's schema and serialized (see getJsonBody). */
const sendJson = (reply: FastifyReply, body: Buffer) =>
  reply.type("application/json; charset=utf-8").send(body as never);

/** Public city lists under /api/cities (the estados/municipios form lists live in modules/places). */
export const citiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const cache = app.publicCache;
  const deps: CityDeps = { db: app.db, cache, cityIndex: app.cityIndex };

  app.get(
    "/cities",
    { schema: { querystring: CitiesQuerySchema, response: { 200: CitiesResponseSchema } } },
    async (request, reply) => {
      const { state } = request.query;
      const body = await getJsonBody(cache, `cities|${state ?? ""}`, CitiesResponseSchema, async () => ({
        cities: await listCitiesWithModels({ ...deps, state }),
      }));
      return sendJson(reply, body);
    },
  );

  app.get("/cities/states", { schema: { response: { 200: StatesResponseSchema } } }, async (_request, reply) => {
    const body = await getJsonBody(cache, "states", StatesResponseSchema, async () => ({
      states: await listStatesWithModels(deps),
    }));
    return sendJson(reply, body);
  });

  app.get(
    "/cities/search",
    { schema: { querystring: CitySearchQuerySchema, response: { 200: CitiesResponseSchema } } },
    async (request, reply) => {
      const { q } = request.query;
      const body = await getJsonBody(cache, `city-search|${looseText(q)}`, CitiesResponseSchema, async () => ({
        cities: await searchCities({ ...deps, q }),
      }));
      return sendJson(reply, body);
    },
  );

  app.get(
    "/cities/by-slug/:slug",
    { schema: { params: CitySlugParamsSchema, response: { 200: CityResponseSchema } } },
    async (request) => ({ city: await findCityBySlug({ ...deps, slug: request.params.slug }) }),
  );
};
