import {
  CitiesQuerySchema,
  CitiesResponseSchema,
  CityResponseSchema,
  CitySearchQuerySchema,
  CitySlugParamsSchema,
  StatesResponseSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { getPublicCache } from "../public-models/public-cache";
import { findCityBySlug, listCitiesWithModels, listStatesWithModels, searchCities } from "./service";

/** Public city lists under /api/cities (the estados/municipios form lists live in modules/places). */
export const citiesRoutes: FastifyPluginAsyncZod = async (app) => {
  const deps = { db: app.db, cache: getPublicCache(app.db) };

  app.get(
    "/cities",
    { schema: { querystring: CitiesQuerySchema, response: { 200: CitiesResponseSchema } } },
    async (request) => ({ cities: await listCitiesWithModels(deps, request.query.state) }),
  );

  app.get("/cities/states", { schema: { response: { 200: StatesResponseSchema } } }, async () => ({
    states: await listStatesWithModels(deps),
  }));

  app.get(
    "/cities/search",
    { schema: { querystring: CitySearchQuerySchema, response: { 200: CitiesResponseSchema } } },
    async (request) => ({ cities: await searchCities(deps, request.query.q) }),
  );

  app.get(
    "/cities/by-slug/:slug",
    { schema: { params: CitySlugParamsSchema, response: { 200: CityResponseSchema } } },
    async (request) => ({ city: await findCityBySlug(deps, request.params.slug) }),
  );
};
