import { asc, eq, inArray } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, estados, models, municipios } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { isPubliclyVisible } from "../models/visibility";

/** Every estado, by name (forms). */
export function listEstados({ db }: { db: Db }) {
  return db.select().from(estados).orderBy(asc(estados.nome));
}

/** The municípios of one estado, by name (forms); an unknown estado is a 404. */
export async function listMunicipios({ db, estadoId }: { db: Db; estadoId: number }) {
  const [estado] = await db.select().from(estados).where(eq(estados.id, estadoId));
  if (!estado) throw notFound("Estado não encontrado");
  return db
    .select({ id: municipios.id, nome: municipios.nome })
    .from(municipios)
    .where(eq(municipios.estadoId, estado.id))
    .orderBy(asc(municipios.nome));
}

/** Categories in their display order; only those with a publicly visible model unless `includeEmpty`. */
export async function listCategories({ db, includeEmpty }: { db: Db; includeEmpty: boolean }) {
  const query = db
    .select({ id: categories.id, name: categories.name })
    .from(categories)
    .orderBy(asc(categories.sortOrder), asc(categories.name));
  if (includeEmpty) return query;
  const withModels = db.selectDistinct({ id: models.categoryId }).from(models).where(isPubliclyVisible());
  return query.where(inArray(categories.id, withModels));
}
