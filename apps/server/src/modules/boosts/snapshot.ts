import { createHash } from "node:crypto";
import { photoUrl } from "@vitrine/contracts";
import { and, asc, eq, isNull } from "drizzle-orm";
import type { Db } from "../../db/client";
import { models, photos } from "../../db/schema";
import type { Tx } from "../models/lock-model";

/**
 * Her ad as a boost shows it — the text of her profile and her public photos — and its digest. The admin reviews
 * this and approves its digest; the same columns pause an approved boost when they change (migration 0046's
 * triggers), so what a boost shows is always what an admin approved.
 */
export type AdSnapshot = {
  hash: string;
  ad: {
    name: string;
    description: string;
    services: string;
    rates: string;
    photos: Array<{ id: number; url: string; is_primary: boolean }>;
  };
};

export async function adSnapshot(db: Db | Tx, modelId: number): Promise<AdSnapshot | null> {
  const [model] = await db
    .select({
      name: models.name,
      age: models.age,
      categoryId: models.categoryId,
      description: models.description,
      services: models.services,
      rates: models.rates,
      height: models.height,
      weight: models.weight,
      measurements: models.measurements,
      neighborhood: models.neighborhood,
      languages: models.languages,
    })
    .from(models)
    .where(eq(models.id, modelId));
  if (!model) return null;
  const shown = await db
    .select({ id: photos.id, filename: photos.filename, isPrimary: photos.isPrimary })
    .from(photos)
    .where(and(eq(photos.modelId, modelId), eq(photos.isPublic, true), isNull(photos.moderationHiddenAt)))
    .orderBy(asc(photos.id));
  const hash = createHash("sha256")
    .update(JSON.stringify({ model, photos: shown.map((p) => [p.id, p.filename, p.isPrimary]) }))
    .digest("hex");
  return {
    hash,
    ad: {
      name: model.name,
      description: model.description,
      services: model.services,
      rates: model.rates,
      photos: shown.map((p) => ({ id: p.id, url: photoUrl(p.filename, 400), is_primary: p.isPrimary })),
    },
  };
}
