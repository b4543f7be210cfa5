import { eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { categories, estados, municipios } from "../../db/schema";
import { validationError } from "../../lib/app-error";

export type PlaceInput = { estado_id: number; municipio_id: number; category_id: number };
export type PlaceNames = { estadoUf: string; municipioNome: string; categoryName: string };

/**
 * Checks that the estado, the município and the category exist and fit together (the município lies in the
 * estado); answers their names, which the search text is built from. Invalid ones are listed field by field.
 */
export async function assertPlaceAndCategory({ db, place }: { db: Db; place: PlaceInput }): Promise<PlaceNames> {
  const [[estado], [municipio], [category]] = await Promise.all([
    db.select().from(estados).where(eq(estados.id, place.estado_id)),
    db.select().from(municipios).where(eq(municipios.id, place.municipio_id)),
    db.select().from(categories).where(eq(categories.id, place.category_id)),
  ]);
  const details = [];
  if (!estado) details.push({ path: "estado_id", message: "Estado não encontrado" });
  if (!municipio) details.push({ path: "municipio_id", message: "Município não encontrado" });
  else if (estado && municipio.estadoId !== estado.id) {
    details.push({ path: "municipio_id", message: "O município não pertence ao estado escolhido" });
  }
  if (!category) details.push({ path: "category_id", message: "Categoria não encontrada" });
  if (details.length || !estado || !municipio || !category) throw validationError(details);
  return { estadoUf: estado.uf, municipioNome: municipio.nome, categoryName: category.name };
}
