import { and, eq } from "drizzle-orm";
import type { PgSelect } from "drizzle-orm/pg-core";
import { categories, estados, models, municipios, photos } from "../../db/schema";

/**
 * models ⋈ município ⋈ estado ⋈ category ⋈ public primary photo: what every card, profile and model list reads,
 * as `withPlace(db.select(columns).from(models).$dynamic())`. The município's estado is joined (not the model's
 * estado_id) so a row always names a consistent place. The category and the photo may be missing (left joins):
 * the photo is the primary one only while it is public (at most one, by the one-primary index). Anonymised
 * (deleted) accounts have no município and never appear.
 */
export function withPlace<T extends PgSelect>(query: T): T {
  // A dynamic query keeps the row type of its select list, so the joins do not change T.
  return query
    .innerJoin(municipios, eq(municipios.id, models.municipioId))
    .innerJoin(estados, eq(estados.id, municipios.estadoId))
    .leftJoin(categories, eq(categories.id, models.categoryId))
    .leftJoin(
      photos,
      and(eq(photos.modelId, models.id), eq(photos.isPrimary, true), eq(photos.isPublic, true)),
    ) as unknown as T;
}
