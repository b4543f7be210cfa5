import {
  CategoriesQuerySchema,
  CategoriesResponseSchema,
  EstadoParamsSchema,
  EstadosResponseSchema,
  MunicipiosResponseSchema,
} from "@vitrine/contracts";
import { asc, eq, inArray } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { categories, estados, models, municipios } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { isPubliclyVisible } from "../models/visibility";

/** Reference lists: estados and their municipios (for forms), categories. */
export const placesRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/cities/estados", { schema: { response: { 200: EstadosResponseSchema } } }, async () => {
    const rows = await app.db.select().from(estados).orderBy(asc(estados.nome));
    return { estados: rows.map((e) => ({ id: e.id, nome: e.nome, uf: e.uf })) };
  });

  app.get(
    "/cities/municipios/:estado_id",
    { schema: { params: EstadoParamsSchema, response: { 200: MunicipiosResponseSchema } } },
    async (request) => {
      const [estado] = await app.db.select().from(estados).where(eq(estados.id, request.params.estado_id));
      if (!estado) throw notFound("Estado não encontrado");
      const rows = await app.db
        .select({ id: municipios.id, nome: municipios.nome })
        .from(municipios)
        .where(eq(municipios.estadoId, estado.id))
        .orderBy(asc(municipios.nome));
      return { municipios: rows };
    },
  );

  app.get(
    "/categories",
    { schema: { querystring: CategoriesQuerySchema, response: { 200: CategoriesResponseSchema } } },
    async (request) => {
      const includeEmpty = request.query.include_empty === "1" || request.query.include_empty === "true";
      const query = app.db
        .select({ id: categories.id, name: categories.name })
        .from(categories)
        .orderBy(asc(categories.sortOrder), asc(categories.name));
      if (includeEmpty) return { categories: await query };
      const withModels = app.db.selectDistinct({ id: models.categoryId }).from(models).where(isPubliclyVisible());
      return { categories: await query.where(inArray(categories.id, withModels)) };
    },
  );
};
