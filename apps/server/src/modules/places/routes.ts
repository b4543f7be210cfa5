import {
  CategoriesQuerySchema,
  CategoriesResponseSchema,
  EstadoParamsSchema,
  EstadosResponseSchema,
  MunicipiosResponseSchema,
} from "@vitrine/contracts";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { presentEstado } from "./present";
import { listCategories, listEstados, listMunicipios } from "./service";

/** Reference lists: estados and their municipios (for forms), categories (public scope). */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/cities/estados", { schema: { response: { 200: EstadosResponseSchema } } }, async () => ({
    estados: (await listEstados({ db: app.db })).map(presentEstado),
  }));

  app.get(
    "/cities/municipios/:estado_id",
    { schema: { params: EstadoParamsSchema, response: { 200: MunicipiosResponseSchema } } },
    async (request) => ({ municipios: await listMunicipios({ db: app.db, estadoId: request.params.estado_id }) }),
  );

  app.get(
    "/categories",
    { schema: { querystring: CategoriesQuerySchema, response: { 200: CategoriesResponseSchema } } },
    async (request) => {
      const includeEmpty = request.query.include_empty === "1" || request.query.include_empty === "true";
      return { categories: await listCategories({ db: app.db, includeEmpty }) };
    },
  );
};

/** GET /api/admin/categories: every category, with or without models (admin scope, for filters and forms). */
export const adminPlacesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/categories", { schema: { response: { 200: CategoriesResponseSchema } } }, async () => ({
    categories: await listCategories({ db: app.db, includeEmpty: true }),
  }));
};
