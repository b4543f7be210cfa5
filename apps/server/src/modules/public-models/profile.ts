import { MODEL_NOT_FOUND, type PublicModelResponse } from "@vitrine/contracts";
import { and, asc, desc, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, photos, products } from "../../db/schema";
import { notFound } from "../../lib/app-error";
import { withPlace } from "../models/model-query";
import { isPubliclyVisible } from "../models/visibility";
import { photoColumns, presentProduct, presentProfile, productColumns, profileColumns } from "./present";

/** Id of the model when it is publicly visible; a hidden model is as unknown as a missing one. */
export async function findVisibleModelId({ db, id }: { db: Db; id: number }): Promise<number> {
  const [row] = await db
    .select({ id: models.id })
    .from(models)
    .where(and(eq(models.id, id), isPubliclyVisible()));
  if (!row) throw notFound(MODEL_NOT_FOUND);
  return row.id;
}

/** GET /api/models/public/:id: the profile, its public photos (primary first) and active products. */
export async function getPublicProfile({ db, id }: { db: Db; id: number }): Promise<PublicModelResponse> {
  const [row] = await withPlace(db.select(profileColumns).from(models).$dynamic()).where(
    and(eq(models.id, id), isPubliclyVisible()),
  );
  if (!row) throw notFound(MODEL_NOT_FOUND);

  const [photoRows, productRows] = await Promise.all([
    db
      .select(photoColumns)
      .from(photos)
      .where(and(eq(photos.modelId, id), eq(photos.isPublic, true)))
      .orderBy(desc(photos.isPrimary), asc(photos.id)),
    db
      .select(productColumns)
      .from(products)
      .where(and(eq(products.modelId, id), eq(products.isActive, true)))
      .orderBy(asc(products.id)),
  ]);
  return { model: presentProfile(row), photos: photoRows, products: productRows.map(presentProduct) };
}
